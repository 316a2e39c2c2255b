import { invariant } from "./move-invariant.ts";
import { JAVA_SHAPES } from "./move-shapes.ts";

invariant(JAVA_SHAPES);

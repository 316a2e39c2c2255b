import { invariant } from "./move-invariant.ts";
import { SHAPES } from "./move-shapes.ts";

invariant(SHAPES);

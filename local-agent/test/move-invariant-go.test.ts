import { invariant } from "./move-invariant.ts";
import { GO_SHAPES } from "./move-shapes.ts";

invariant(GO_SHAPES);

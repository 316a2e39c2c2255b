import { invariant } from "./move-invariant.ts";
import { PYTHON_SHAPES } from "./move-shapes.ts";

invariant(PYTHON_SHAPES);

import { invariant } from "./move-invariant.ts";
import { RUST_SHAPES } from "./move-shapes.ts";

invariant(RUST_SHAPES);

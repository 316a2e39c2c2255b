import type { DataFormatName } from "../languages.ts";
import type { DataFormat } from "./format.ts";
import { json } from "./json.ts";
import { markdown } from "./markdown.ts";
import { toml } from "./toml.ts";
import { yaml } from "./yaml.ts";

export type { DataFormat } from "./format.ts";

/** Each data format's parser, by name (src/shared/refs/languages.ts). */
export const FORMATS: Record<DataFormatName, DataFormat> = { yaml, json, toml, markdown };

export {
  CONTEXT_BUDGET,
  CONTEXT_TARGETS,
  DEFAULT_SHARE_OF_ANCHOR,
  DESCRIPTION_TOKEN_CAP,
  FIELD_DESCRIPTION_TOKEN_CAP,
  LOOP_TOOLS,
} from "./context-budget.js";
export { countJson, countText, type TokenFigure } from "./count-tokens.js";
export {
  type AnchorFigure,
  measureHermesOpenspecSchemas,
  RECORDED_HERMES_OPENSPEC,
} from "./hermes-openspec-anchor.js";
export { type AnswerCall, type AnswerFigure, measureAnswers } from "./measure-answers.js";
export {
  type HermesSurface,
  type McpSurface,
  measureToolSurfaces,
  type ToolSurfaces,
} from "./measure-tool-surfaces.js";

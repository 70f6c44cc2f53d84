/** A tool input field a workflow argument is passed to. */
export type ToolField = { tool: string; field: string };

/** One argument a person or client can give a workflow. */
export type WorkflowArgument = {
  name: string;
  /** One line: what to give. */
  description: string;
  required: boolean;
  /** `name`: one word such as a source or change name; `text`: free prose. */
  kind: "name" | "text";
  /** What the agent should do when the argument was not given. */
  whenAbsent: string;
  /** The tool fields this argument's value is passed to, so a test can hold the two together. */
  feeds: readonly ToolField[];
};

/**
 * One OpenSpec way of working, written once for every host: MCP prompts,
 * Hermes skills and `openspec-agent workflows show` all render it.
 */
export type Workflow = {
  name: string;
  /** One line, for lists and skill front matter. */
  description: string;
  arguments: readonly WorkflowArgument[];
  /**
   * Markdown an agent follows. `{{argument}}` stands for an argument's value
   * (or `<argument>` when it was not given).
   */
  instructions: string;
};

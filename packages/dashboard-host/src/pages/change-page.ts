import type {
  ContextSuccess,
  SpecDiffSuccess,
  TaskListSuccess,
  ToolFailure,
} from "@org/openspec-core";
import { html, type SafeHtml } from "../html.js";
import { inlineCode } from "../inline-code.js";
import { sourceUrl } from "../urls.js";
import { specChanges } from "./diff-block.js";
import { failureBlock } from "./failure-block.js";

type ChangeAnswer = Extract<ContextSuccess, { change: unknown }>["change"];

export type ChangeView = {
  source: string;
  change: ChangeAnswer;
  tasks: TaskListSuccess | ToolFailure | null;
  diff: SpecDiffSuccess | ToolFailure | null;
  /** The change's markdown, rendered beforehand (`MarkdownRenderer.renderAll`). */
  markdown: (text: string) => SafeHtml;
  csrf: string;
  actionBase: string;
};

/** Proposal, tasks (tickable while active), design, delta specs and their effect on the specs. */
export function changeBody(view: ChangeView): SafeHtml {
  const { change } = view;
  const progress = change.task_progress;
  return html`<div class="page-head">
  <p class="crumbs"><a href="${sourceUrl(view.source)}">${view.source}</a> / ${change.archived ? "archive" : "changes"}</p>
  <h1>${change.name}</h1>
  <p class="meta">${change.path}${
    progress
      ? html` · <progress value="${progress.completed}" max="${Math.max(progress.total, 1)}" aria-label="tasks done"></progress> <span class="count" data-progress>${progress.completed}/${progress.total} tasks</span>`
      : ""
  }</p>
  ${
    change.archived
      ? ""
      : html`<p class="actions"><a class="button" href="${view.actionBase}/archive">Archive…</a> <a class="button quiet" href="${sourceUrl(view.source)}/validate?target=${encodeURIComponent(change.name)}&amp;run=1">Validate</a></p>`
  }
</div>
<div class="change-grid">
<article class="doc">
  <section><h2>Proposal</h2>${change.proposal ? view.markdown(change.proposal) : html`<p class="muted">No proposal.md yet.</p>`}</section>
  ${change.design ? html`<section><h2>Design</h2>${view.markdown(change.design)}</section>` : ""}
  <section><h2>Delta specs</h2>${
    change.specs.length === 0
      ? html`<p class="muted">None.</p>`
      : change.specs.map(
          (spec) =>
            html`<details class="delta" open><summary>${spec.path}</summary>${view.markdown(spec.content)}</details>`,
        )
  }</section>
  ${
    view.diff
      ? html`<section><h2>Effect on the specs</h2>${view.diff.ok ? specChanges(view.diff.specs) : failureBlock(view.diff)}</section>`
      : ""
  }
</article>
<aside class="tasks">
  <h2>Tasks</h2>
  ${tasksBlock(view)}
</aside>
</div>`;
}

function tasksBlock(view: ChangeView): SafeHtml {
  if (view.tasks === null) {
    return view.change.tasks
      ? view.markdown(view.change.tasks)
      : html`<p class="muted">No tasks.md.</p>`;
  }
  if (!view.tasks.ok) return failureBlock(view.tasks);
  if (!view.tasks.exists) return html`<p class="muted">No tasks.md yet.</p>`;
  let section: string | null = null;
  const items: SafeHtml[] = [];
  for (const task of view.tasks.tasks) {
    if (task.section !== section) {
      section = task.section;
      if (section) items.push(html`<li class="section">${section}</li>`);
    }
    items.push(html`<li><form method="post" action="${view.actionBase}/tasks" class="task-form">
  <input type="hidden" name="csrf" value="${view.csrf}">
  <input type="hidden" name="id" value="${task.id}">
  <input type="hidden" name="done" value="${task.done ? "false" : "true"}">
  <label><input type="checkbox" data-task="${task.id}" ${task.done ? html`checked` : ""}> <span class="task-id">${task.id}</span> <span class="task-text">${inlineCode(task.text)}</span></label>
  <noscript><button type="submit">${task.done ? "Untick" : "Tick"}</button></noscript>
</form></li>`);
  }
  return html`<ul class="checklist">${items}</ul>`;
}

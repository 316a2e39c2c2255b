import { html } from "hono/html";
import type { Html } from "../../auth/pages.ts";
import { actionForm, dashboardPage, type Frame } from "./layout.ts";

/** The step before anything is destroyed: what will happen, a button to do it, a way back. */
export function confirmPage(
  options: {
    title: string;
    question: string;
    detail: string;
    action: string;
    fields?: Record<string, string>;
    confirm: string;
    back: string;
    csrf: string;
  },
  frame: Frame,
): Html {
  return dashboardPage(
    options.title,
    html`<h1>${options.question}</h1>
<p>${options.detail}</p>
${actionForm(options.action, options.csrf, options.confirm, options.fields)}
<p><a href="${options.back}">Cancel</a></p>`,
    frame,
  );
}

/** An action that could not be done, said plainly, with the way back. */
export function failedPage(
  options: { title: string; message: string; back: string },
  frame: Frame,
): Html {
  return dashboardPage(
    options.title,
    html`<h1>${options.title}</h1><p class="error" role="alert">${options.message}</p><p><a href="${options.back}">Back</a></p>`,
    frame,
  );
}

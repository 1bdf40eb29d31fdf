// The host page's URL changes without a reload (single-page apps): the display rules and the
// proactive messages follow them.

const URL_CHANGE = 'chatbot-widget:urlchange';

/**
 * Calls `listener` after the page's URL changes without a reload: the history API (pushState,
 * replaceState: wrapped once per page, whatever number of widgets) and the back and forward
 * buttons (popstate). Returns the function that stops listening.
 */
export function onUrlChange(listener: () => void): () => void {
  const marked = history as History & { chatbotWidgetWrapped?: boolean };
  if (!marked.chatbotWidgetWrapped) {
    marked.chatbotWidgetWrapped = true;
    for (const method of ['pushState', 'replaceState'] as const) {
      const original = history[method];
      history[method] = function (this: History, ...args: Parameters<History['pushState']>) {
        const result = original.apply(this, args);
        window.dispatchEvent(new Event(URL_CHANGE));
        return result;
      };
    }
  }
  window.addEventListener(URL_CHANGE, listener);
  window.addEventListener('popstate', listener);
  return () => {
    window.removeEventListener(URL_CHANGE, listener);
    window.removeEventListener('popstate', listener);
  };
}

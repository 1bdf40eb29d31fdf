// What a dashboard page does with browser notifications and sound, observed in a real browser:
// an init script wraps Notification and OscillatorNode.start, records each use, and lets the real
// thing happen (nothing is intercepted or answered in the page's place).

/** (An init script.) Records what the page does with Notification and WebAudio, then lets the real thing happen. */
export function observeAlerts(): void {
  const page = globalThis as any;
  page.__alerts = { shown: [] as Array<{ title: string; body: string }>, asked: 0, tones: 0, last: null as unknown };
  const Original = page.Notification;
  if (Original) {
    class Observed extends Original {
      constructor(title: string, options?: { body?: string }) {
        page.__alerts.shown.push({ title, body: options?.body ?? '' });
        super(title, options);
        page.__alerts.last = this;
      }
    }
    (Observed as any).requestPermission = (...args: unknown[]) => {
      page.__alerts.asked += 1;
      return Original.requestPermission(...args);
    };
    page.Notification = Observed;
  }
  const start = page.OscillatorNode.prototype.start;
  page.OscillatorNode.prototype.start = function (...args: unknown[]) {
    page.__alerts.tones += 1;
    return start.apply(this, args);
  };
}

export interface Alerts {
  shown: Array<{ title: string; body: string }>;
  asked: number;
  tones: number;
}

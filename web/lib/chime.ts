// Browser code the widget and the dashboard share (web/lib: DOM only, outside the server's build).
// A short two-note tone made with Web Audio (nothing to download), for the widget (a reply or a
// proactive message while the panel is closed) and the dashboard (a conversation that needs an
// agent). Browsers allow sound only after the person has interacted with the page; before that
// the context stays suspended and nothing is heard, nor thrown.

let audio: AudioContext | null = null;

export interface Chime {
  /** Seconds between the two notes, and each note's length. */
  gap: number;
  length: number;
  /** Peak gain, 0–1. */
  volume: number;
}

/** Plays 880 Hz then 1320 Hz; does nothing where Web Audio is missing or refused. */
export function chime({ gap, length, volume }: Chime): void {
  try {
    audio ??= new AudioContext();
    if (audio.state === 'suspended') void audio.resume().catch(() => undefined);
    const start = audio.currentTime;
    for (const [offset, frequency] of [[0, 880], [gap, 1320]] as const) {
      const tone = audio.createOscillator();
      const gain = audio.createGain();
      tone.frequency.value = frequency;
      gain.gain.setValueAtTime(volume, start + offset);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + offset + length);
      tone.connect(gain).connect(audio.destination);
      tone.start(start + offset);
      tone.stop(start + offset + length);
    }
  } catch {
    // No audio output, or it was refused: the badge, the title and notifications still tell.
  }
}

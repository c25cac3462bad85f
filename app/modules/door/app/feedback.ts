/**
 * What the door staff feel and hear with each answer (issue #41): a short buzz and a high tone for
 * yes, a long buzz and two low tones for no — the phone in one hand, eyes on the queue.
 */
let audio: AudioContext | undefined;

function tone(frequency: number, startsAt: number, seconds: number) {
  audio ??= new AudioContext();
  const oscillator = audio.createOscillator();
  const gain = audio.createGain();
  oscillator.frequency.value = frequency;
  gain.gain.value = 0.2;
  oscillator.connect(gain).connect(audio.destination);
  oscillator.start(audio.currentTime + startsAt);
  oscillator.stop(audio.currentTime + startsAt + seconds);
}

/**
 * Called from a tap (the camera's button, a tab): browsers (Safari above all) let an AudioContext sound
 * only once a user's gesture has started it, and a QR read by the camera is no gesture.
 */
export function unlockAudio() {
  try {
    audio ??= new AudioContext();
    void audio.resume();
  } catch {
    // No sound is no reason to stop scanning.
  }
}

export function signal(kind: "yes" | "warn" | "no") {
  try {
    navigator.vibrate?.(kind === "yes" ? 80 : [250, 100, 250]);
    if (kind === "yes") tone(1320, 0, 0.12);
    else if (kind === "warn") tone(660, 0, 0.2);
    else {
      tone(220, 0, 0.18);
      tone(220, 0.25, 0.18);
    }
  } catch {
    // No sound or vibration is no reason to stop scanning.
  }
}

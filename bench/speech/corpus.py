#!/usr/bin/env python3
"""A synthesized speech corpus and `voiceplug hear`'s score on it.

  python3 bench/speech/corpus.py [--voiceplug PATH] [--keep DIR]

In-grammar utterances (generic commands over examples/voiceplug.json's devices
and two voice shortcuts) and out-of-grammar ones (other devices, questions,
chatter, near misses), spoken by flite (slt, rms, awb, kal16) and espeak-ng
(en-us, two speeds), each with a -40 dB pink-noise floor and again mixed with
pink noise at 20 dB SNR (sox). Reports right / wrong device / rejected for
in-grammar speech and accepted for out-of-grammar speech.
"""
import argparse, json, os, re, subprocess, sys, tempfile

ROOT = os.path.join(os.path.dirname(__file__), "..", "..")
IN_GRAMMAR = [
    ("turn on the kitchen lamp", "kitchen-lamp", "on"), ("switch off the christmas tree", "tree", "off"),
    ("turn the desk fan on", "desk-fan", "on"), ("kettle off", "kettle", "off"), ("activate the printer", "printer", "on"),
    ("turn off the porch light", "porch-light", "off"), ("switch on the xmas tree", "tree", "on"),
    ("deactivate the desk fan", "desk-fan", "off"), ("turn on the kettle", "kettle", "on"),
    ("lights out", "kitchen-lamp", "off"), ("good morning", "kettle", "on"), ("switch the printer off", "printer", "off"),
]
OUT_OF_GRAMMAR = [
    "turn on the radio", "switch off the oven", "what is the weather like today", "play some music",
    "is the kitchen lamp on", "set a timer for ten minutes", "good night everyone", "open the garage door",
    "turn on the television", "how are you today", "call my mother", "start the dishwasher",
]
VOICES = [("flite", "slt"), ("flite", "rms"), ("flite", "awb"), ("flite", "kal16"), ("espeak", "175"), ("espeak", "140")]

def synthesize(text, voice, path):
    engine, setting = voice
    raw = path + ".raw.wav"
    if engine == "flite":
        subprocess.run(["flite", "-voice", setting, "-t", text, "-o", raw], check=True, capture_output=True)
    else:
        subprocess.run(["espeak-ng", "-v", "en-us", "-s", setting, "-w", raw, text], check=True, capture_output=True)
    return raw

def mix(raw, path, snr):
    """16 kHz mono with a -40 dB pink-noise floor, or pink noise at `snr` dB below the speech."""
    clean = path + ".16k.wav"
    subprocess.run(["sox", raw, "-r", "16000", "-c", "1", "-b", "16", clean, "pad", "0.3", "0.3"], check=True, capture_output=True)
    stat = subprocess.run(["sox", clean, "-n", "stat"], capture_output=True, text=True).stderr
    rms = float(re.search(r"RMS\s+amplitude:\s+([0-9.]+)", stat).group(1))
    length = float(re.search(r"Length \(seconds\):\s+([0-9.]+)", stat).group(1))
    level = 0.01 if snr is None else rms / (10 ** (snr / 20))
    noise = path + ".noise.wav"
    subprocess.run(["sox", "-n", "-r", "16000", "-c", "1", "-b", "16", noise, "synth", str(length), "pinknoise", "vol", str(level)],
                   check=True, capture_output=True)
    subprocess.run(["sox", "-m", clean, noise, path], check=True, capture_output=True)
    for p in (raw, clean, noise): os.remove(p)

def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--voiceplug", default=os.path.join(ROOT, ".build/release/voiceplug"))
    parser.add_argument("--keep")
    parser.add_argument("--show", action="store_true")
    parser.add_argument("--threshold", type=float, default=-2.5, help="hear's --threshold")
    parser.add_argument("--sweep", action="store_true", help="run with no threshold and report candidate thresholds")
    args = parser.parse_args()
    work = args.keep or tempfile.mkdtemp(prefix="voiceplug-speech-")
    os.makedirs(work, exist_ok=True)
    config = os.path.join(work, "voiceplug.json")
    subprocess.run(["cp", os.path.join(ROOT, "examples/voiceplug.json"), config], check=True)
    db = os.path.join(work, "voiceplug.db")
    if not os.path.exists(db):
        for device, state, phrase in [("kitchen-lamp", "off", "lights out"), ("kettle", "on", "good morning")]:
            subprocess.run([args.voiceplug, "shortcuts", "add", "--device", device, "--state", state, "--phrase", phrase,
                            "--config", config, "--db", db], check=True, capture_output=True)
    if args.sweep: args.threshold = -1e9
    items = [(t, d, s) for t, d, s in IN_GRAMMAR] + [(t, None, None) for t in OUT_OF_GRAMMAR]
    results = {}
    for condition, snr in [("clean", None), ("20dB", 20)]:
        for vi, voice in enumerate(VOICES):
            for ti, (text, device, state) in enumerate(items):
                path = os.path.join(work, f"{condition}-{vi}-{ti}.wav")
                if not os.path.exists(path):
                    mix(synthesize(text, voice, path), path, snr)
                heard = subprocess.run([args.voiceplug, "hear", path, "--json", "--config", config, "--db", db, "--threshold", str(args.threshold)],
                                       capture_output=True, text=True).stdout.strip() or "{}"
                heard = json.loads(heard.splitlines()[-1])
                got = None
                if heard.get("text"):
                    match = subprocess.run([args.voiceplug, "match", "--config", config, "--db", db], input=heard["text"] + "\n",
                                           capture_output=True, text=True).stdout
                    answer = json.loads(match)
                    got = (answer.get("device"), answer.get("state")) if answer.get("device") else None
                results.setdefault(condition, []).append((text, voice, (device, state) if device else None, got, heard))
    if args.sweep:
        rows = [r for rs in results.values() for r in rs]
        json.dump([[r[0], r[1], r[2], r[3], r[4]] for r in rows], open(os.path.join(work, "sweep.json"), "w"))
        for t in [x / 2 for x in range(-24, 9)]:
            def passed(r): return r[3] is not None and r[4].get("margin", -1e9) >= t
            ig = [r for r in rows if r[2]]; oog = [r for r in rows if not r[2]]
            right = sum(1 for r in ig if passed(r) and r[3] == r[2]); wrong = sum(1 for r in ig if passed(r) and r[3] != r[2])
            acc = sum(1 for r in oog if passed(r))
            print(f"threshold {t:5.1f}: in-grammar right {100*right/len(ig):5.1f}%  wrong {100*wrong/len(ig):4.1f}%  out-of-grammar accepted {100*acc/len(oog):4.1f}%")
        return
    for condition, rows in results.items():
        ig = [r for r in rows if r[2]]
        oog = [r for r in rows if not r[2]]
        right = sum(1 for r in ig if r[3] == r[2])
        wrong = sum(1 for r in ig if r[3] and r[3] != r[2])
        accepted = sum(1 for r in oog if r[3])
        print(f"{condition:6} in-grammar right {right}/{len(ig)} ({100*right/len(ig):.1f}%), wrong device {wrong} ({100*wrong/len(ig):.1f}%); "
              f"out-of-grammar switching something {accepted}/{len(oog)} ({100*accepted/len(oog):.1f}%)")
        if args.show:
            for r in rows:
                if (r[2] and r[3] != r[2]) or (not r[2] and r[3]):
                    print("   ", r[0], r[1], "→", r[4].get("text"), r[3])

if __name__ == "__main__":
    main()

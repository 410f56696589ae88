"""Which fonts train the model and which only evaluate it.

Training fonts come from the npm @fontsource packages in training/package.json (OFL handwriting, school-hand,
script and a few print and typewriter faces). Debian's handwriting fonts are never trained on: they are the
held-out hands the model is measured on, and the bench's synthetic handwritten forms use them too.
"""
import glob
import os

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# Print and typewriter faces: a small share of training lines, so print read by this model is not worse.
PRINT = {"courier-prime", "special-elite", "roboto-mono", "cutive-mono", "ibm-plex-mono", "inconsolata", "space-mono"}

# Debian packages whose fonts are held out: evaluation only, never rendered into training data.
EVAL_DIRS = ["/usr/share/fonts/opentype/comic-neue", "/usr/share/fonts/truetype/fifthhorseman",
             "/usr/share/fonts/truetype/breip", "/usr/share/fonts/truetype/rufscript",
             "/usr/share/fonts/truetype/humor-sans", "/usr/share/fonts/truetype/kristi",
             "/usr/share/fonts/truetype/femkeklaver"]


def training_fonts():
    """(hand paths, print paths): the Latin subset of each family, regular and, where there is one, bold."""
    hand, prints = [], []
    # A folder of the same fonts as TrueType files (woff2_decompress'd), for machines whose FreeType lacks WOFF2.
    flat = os.environ.get("LW_TRAINING_FONT_DIR")
    if flat:
        for f in sorted(glob.glob(os.path.join(flat, "*-latin-*.ttf"))):
            (prints if family(f) in PRINT else hand).append(f)
        return hand, prints
    for pkg in sorted(glob.glob(os.path.join(ROOT, "node_modules", "@fontsource", "*"))):
        name = os.path.basename(pkg)
        files = sorted(glob.glob(os.path.join(pkg, "files", f"{name}-latin-[0-9]*-normal.woff2")))
        chosen = [f for f in files if "-400-" in f or "-700-" in f] or files[:1]
        (prints if name in PRINT else hand).extend(chosen)
    return hand, prints


def eval_fonts():
    out = []
    for d in EVAL_DIRS:
        out.extend(sorted(glob.glob(os.path.join(d, "*.ttf")) + glob.glob(os.path.join(d, "*.otf"))))
    return out


def family(path):
    """A short family name for reports: 'ComicNeue', 'dkg', 'caveat'."""
    base = os.path.basename(path)
    return base.split("-latin-")[0] if "-latin-" in base else base.rsplit(".", 1)[0].split("-")[0]

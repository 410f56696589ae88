"""The recogniser's alphabet: printable ASCII plus the accented letters and signs of Spanish and French.

Class 0 is the CTC blank; class i is CHARSET[i - 1]. The exported model ships this string beside it, so the
reader in packages/extract never hard-codes it.
"""
ASCII = "".join(chr(c) for c in range(32, 127))
ACCENTED = "áéíóúüñÁÉÍÓÚÜÑ¿¡àâçèêëîïôûùœÀÂÇÈÊËÎÏÔÛÙŒ°«»’–"
CHARSET = ASCII + ACCENTED
INDEX = {c: i + 1 for i, c in enumerate(CHARSET)}
# Typographic signs a hand writes the same way as their plain forms.
FOLD = {"’": "'", "–": "-", "«": '"', "»": '"'}


def encode(text: str) -> list:
    return [INDEX[c] for c in text if c in INDEX]


def clean(text: str) -> str:
    """The text as the model can emit it: unknown characters dropped."""
    return "".join(c for c in text if c in INDEX)

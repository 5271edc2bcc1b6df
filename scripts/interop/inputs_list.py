"""The list of inputs that scripts/interop/inputs.sh writes, read by compare.py and roundtrip.py."""


def read_inputs(path):
    """(label, path, malformed) for each line 'label<TAB>path<TAB>malformed' of the file at path."""
    inputs = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            label, file, malformed = line.rstrip("\n").split("\t")
            inputs.append((label, file, malformed))
    return inputs

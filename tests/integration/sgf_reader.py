"""An SGF FF[4] collection reader for the tests of records and reviews: each game tree as
[nodes, [variations]], a node a dict of property -> [values], escapes undone. It refuses
anything it does not understand, so a file a standard reader would stumble on fails here
too."""
import re


def sgf_trees(text):
    """The collection's game trees, in order."""
    at = 0

    def blanks():
        nonlocal at
        while at < len(text) and text[at].isspace():
            at += 1

    def value():
        nonlocal at
        assert text[at] == "[", text[at:at + 20]
        at += 1
        out = []
        while text[at] != "]":
            if text[at] == "\\":
                at += 1
            out.append(text[at])
            at += 1
        at += 1
        return "".join(out)

    def tree():
        nonlocal at
        assert text[at] == "(", text[at:at + 20]
        at += 1
        blanks()
        nodes, variations = [], []
        while text[at] == ";":
            at += 1
            blanks()
            props = {}
            while text[at].isupper():
                name = re.match(r"[A-Z]+", text[at:]).group(0)
                at += len(name)
                assert name not in props, f"property {name} twice in one node"
                props[name] = []
                while text[at] == "[":
                    props[name].append(value())
                blanks()
            nodes.append(props)
        while text[at] == "(":
            variations.append(tree())
            blanks()
        assert text[at] == ")", text[at:at + 20]
        at += 1
        blanks()
        return [nodes, variations]

    blanks()
    trees = []
    while at < len(text):
        trees.append(tree())
    return trees


def main_line(tree):
    """The nodes of the line played: each first variation in turn."""
    nodes, variations = tree
    return nodes + (main_line(variations[0]) if variations else [])


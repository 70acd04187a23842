"""The source HTML read as a small tree, the way a browser reads it: enough to walk a rulebook
page's sections and lists and write them back out."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from html import escape
from pathlib import Path

import lxml.html
from lxml.etree import _Element


# A small tree of the source HTML: enough to walk sections and lists.
@dataclass
class Node:
    tag: str
    attrs: dict[str, str] = field(default_factory=dict)
    children: list[Node | str] = field(default_factory=list)

    def text(self) -> str:
        return "".join(c if isinstance(c, str) else c.text() for c in self.children)

    def inner_html(self) -> str:
        return "".join(to_html(child) for child in self.children)

    def elements(self) -> list[Node]:
        return [c for c in self.children if isinstance(c, Node)]


VOID = {"br", "img", "meta", "link", "hr", "input"}


def to_html(node: Node | str) -> str:
    if isinstance(node, str):
        return escape(node, quote=False)
    attrs = "".join(f' {k}="{escape(v, quote=True)}"' for k, v in node.attrs.items())
    if node.tag in VOID:
        return f"<{node.tag}{attrs}>"
    return f"<{node.tag}{attrs}>{node.inner_html()}</{node.tag}>"


def source_text(text: str) -> str:
    """Text as the site keeps it: runs of white space made one space, and the 11th edition's
    broken "&en;" (no such entity, so the parser leaves it as written) read as a dash."""
    return re.sub(r"\s+", " ", text.replace("&en;", "\u2013"))


def to_node(element: _Element) -> Node:
    """lxml's element as a Node. Comments are dropped here (their tails kept), which is what
    leaves out the passages not in force."""
    node = Node(str(element.tag), dict(element.attrib))
    if element.text:
        node.children.append(source_text(element.text))
    for child in element:
        if isinstance(child.tag, str):
            node.children.append(to_node(child))
        if child.tail:
            node.children.append(source_text(child.tail))
    return node


def parse_html(path: Path) -> Node:
    document = lxml.html.document_fromstring(path.read_text(encoding="utf-8"))
    root = Node("root", children=[to_node(document)])
    repair_tables(root)
    return root


def repair_tables(node: Node) -> None:
    """Cells written outside a row (the 16th and 17th editions' refurbished table) get the
    row a browser would give them; an empty row is dropped."""
    for element in node.elements():
        repair_tables(element)
    if node.tag not in {"table", "thead", "tbody"}:
        return
    children: list[Node | str] = []
    stray_row: Node | None = None  # the row being made for cells found outside one
    for child in node.children:
        if isinstance(child, Node) and child.tag in {"td", "th"}:
            if stray_row is None:
                stray_row = Node("tr")
                children.append(stray_row)
            stray_row.children.append(child)
            continue
        if isinstance(child, str) and stray_row is not None:
            stray_row.children.append(child)
            continue
        stray_row = None
        if isinstance(child, Node) and child.tag == "tr" and not child.elements():
            continue
        children.append(child)
    node.children = children


def find(node: Node, tag: str) -> Node | None:
    for child in node.elements():
        if child.tag == tag:
            return child
        found = find(child, tag)
        if found is not None:
            return found
    return None


def squash(text: str) -> str:
    return " ".join(text.split())


def element_ids(node: Node) -> set[str]:
    ids = {node.attrs["id"]} if node.attrs.get("id") else set()
    for child in node.elements():
        ids |= element_ids(child)
    return ids

"""Rulebook HTML from a hostile file keeps the rulebook dialect and nothing that can run."""

from html import escape

import pytest

from rulebook.htmltext import html_to_text, sanitize, transform_text_nodes


@pytest.mark.parametrize(
    ("hostile", "kept"),
    [
        ("<p>Bury<script>alert(1)</script> it</p>", "<p>Bury it</p>"),
        ("<p>Bury <SCRIPT SRC=//evil.example/x.js></SCRIPT>it</p>", "<p>Bury it</p>"),
        ("<style>p { display: none }</style><p>Sow</p>", "<p>Sow</p>"),
        ('<p style="background:url(javascript:x)">Sow</p>', "<p>Sow</p>"),
        ('<p onclick="alert(1)">Sow</p>', "<p>Sow</p>"),
        ('<b onmouseover="alert(1)" ONFOCUS="x">Sow</b>', "<b>Sow</b>"),
        ('<a href="#kw-sow" onclick="alert(1)">Sow</a>', '<a href="#kw-sow">Sow</a>'),
        ('<img src="x" onerror="alert(1)">Sow', "Sow"),
        ('<svg onload="alert(1)"><text>drawn</text></svg>Sow', "Sow"),
        ("<math><mtext><script>alert(1)</script></mtext></math>Sow", "Sow"),
        ('<iframe src="https://evil.example/"></iframe>Sow', "Sow"),
        ("<template><b>hidden</b></template>Sow", "Sow"),
        ("<!-- <script>alert(1)</script> -->Sow", "Sow"),
        ('<div><form action="/x"><input name="q"></form>Sow</div>', "Sow"),
    ],
)
def test_active_content_is_removed(hostile, kept):
    assert sanitize(hostile) == kept


@pytest.mark.parametrize(
    "href",
    [
        "javascript:alert(1)",
        " JaVaScRiPt:alert(1)",
        "java\tscript:alert(1)",
        "jav&#x09;ascript:alert(1)",
        "&#106;avascript:alert(1)",
        "vbscript:msgbox(1)",
        "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
        "//evil.example/",
        "/admin/",
        "#Not An Anchor",
    ],
)
def test_a_link_to_anywhere_but_an_anchor_or_a_web_page_is_its_text(href):
    html = sanitize(f'<p>See <a href="{href}">Sowing</a>.</p>')
    assert html == "<p>See Sowing.</p>"


def test_links_to_anchors_and_web_pages_stay_as_written():
    html = '<p><a href="#kw-sow">Sow</a> <a href="https://kotc-game.github.io/">rules</a></p>'
    assert sanitize(html) == html


def test_attributes_outside_the_dialect_are_dropped_and_values_cannot_break_out():
    assert sanitize('<li id="kw-ok" class="x">a</li>') == '<li id="kw-ok">a</li>'
    assert sanitize('<figure class="figure-note;x:y">a</figure>') == "<figure>a</figure>"
    assert sanitize('<ol type="disc">x</ol>') == "<ol>x</ol>"
    breakout = sanitize('<abbr title="&quot;><script>alert(1)</script>">HP</abbr>')
    assert breakout.startswith('<abbr title="&quot;&gt;&lt;script&gt;')
    assert "<script>" not in breakout


@pytest.mark.parametrize(
    ("unclosed", "balanced"),
    [
        ("<p>To <b>bury", "<p>To <b>bury</b></p>"),
        ("<ul><li>one<li>two", "<ul><li>one</li><li>two</li></ul>"),
        ("<table><tr><td>old<td>new", "<table><tr><td>old</td><td>new</td></tr></table>"),
        ("<p>one<p>two", "<p>one</p><p>two</p>"),
        (
            '<a href="#kw-a">one<a href="#kw-b">two',
            '<a href="#kw-a">one</a><a href="#kw-b">two</a>',
        ),
        ("<em>a<strong>b</em>c</strong>", "<em>a<strong>b</strong></em><strong>c</strong>"),
        ("text</div></p></b>", "text"),
        ("<p><script>alert(1)", ""),
    ],
)
def test_unclosed_and_misnested_tags_are_balanced_as_a_browser_reads_them(unclosed, balanced):
    assert sanitize(unclosed) == balanced


def test_sanitizing_twice_changes_nothing():
    html = sanitize(
        '<p>a<ul><li id="kw-a">b</li></ul><table><tr><td>c</td></tr></table>'
        '<abbr title="a &amp; b">x</abbr> &lt;tag&gt; &amp; "quote"'
    )
    assert sanitize(html) == html


def test_a_table_keeps_its_rows_as_written():
    # A parser puts a <tbody> in every table; stored tables keep their rows as written.
    html = "<table><thead><tr><th>Old</th></tr></thead><tbody><tr><td>x</td></tr></tbody></table>"
    assert (
        sanitize(html) == "<table><thead><tr><th>Old</th></tr></thead><tr><td>x</td></tr></table>"
    )


def test_text_and_links_are_read_from_sanitized_html():
    html = sanitize('<p>Bury <b>it</b>.<br>Then <abbr title="hit points">HP</abbr> &amp; sow.</p>')
    assert html_to_text(html) == "Bury it.\nThen HP & sow."
    linked = transform_text_nodes(html, lambda text: escape(text).replace("Bury", "<i>Bury</i>"))
    assert linked == (
        '<p><i>Bury</i> <b>it</b>.<br>Then <abbr title="hit points">HP</abbr> &amp; sow.</p>'
    )

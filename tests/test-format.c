/* test-format.c - Markdown and clean HTML of a page's kept elements. */
#include "config.h"

#include "testlib.h"

#include "format.h"

/* Every element kept: the whole visible page. */
static char *
render(const char *html, bool markdown, const struct format_opts *o)
{
	struct page pg;
	test_page(&pg, html);
	uint8_t *all = malloc((size_t)pg.dom->n);
	memset(all, 1, (size_t)pg.dom->n);
	struct buf b;
	buf_init(&b);
	if (markdown)
		format_markdown(pg.dom, all, NULL, o, &b);
	else
		format_html(pg.dom, all, NULL, o, &b);
	free(all);
	page_free(&pg);
	return buf_steal(&b, NULL);
}

static const char page_html[] =
	"<html><head><title>Ferry</title><base href=\"/docs/\"></head><body>"
	"<h1>Harbour <em>votes</em></h1>\n"
	"<p>The council met on <a href=\"minutes.html\">Tuesday</a> &amp; voted"
	" *twice* [sic] &lt;again&gt;.</p>\n"
	"<ul><li>One<ul><li>One.a</li><li>One.b</li></ul></li>"
	"<li>Two <code>x|y</code></li></ul>\n"
	"<ol start=\"3\"><li>Three</li><li>Four</li></ol>\n"
	"<blockquote><p>We keep it.</p><p>Said she.</p></blockquote>\n"
	"<pre>int main() {\n  return 0;\n}</pre>\n"
	"<table><tr><th>Name</th><th>Fare</th></tr>"
	"<tr><td>Adult | full</td><td>4</td></tr></table>\n"
	"<p onclick=\"evil()\">Last <a href=\" JavaScript:alert(1)\">bad</a> "
	"<a href=\"../up.html\" onmouseover=\"x()\">up</a>"
	"<img src=\"p.png\" alt=\"pic\" onerror=\"x()\">"
	"<script>alert(2)</script><style>p{}</style></p>\n"
	"<p>2024. A year<br>- and a line</p>"
	"</body></html>";

static void
test_markdown(void **state)
{
	(void)state;
	struct format_opts o = { .links = true, .images = true,
				 .url = "https://ex.test/a/b.html" };
	char *md = render(page_html, true, &o);
	assert_string_equal(md,
		"# Harbour votes\n"
		"\n"
		"The council met on [Tuesday](https://ex.test/docs/minutes.html) & voted"
		" \\*twice\\* \\[sic\\] &lt;again>.\n"
		"\n"
		"- One\n"
		"    - One.a\n"
		"    - One.b\n"
		"- Two `x|y`\n"
		"\n"
		"3. Three\n"
		"4. Four\n"
		"\n"
		"> We keep it.\n"
		">\n"
		"> Said she.\n"
		"\n"
		"```\n"
		"int main() {\n"
		"  return 0;\n"
		"}\n"
		"```\n"
		"\n"
		"| Name | Fare |\n"
		"| --- | --- |\n"
		"| Adult \\| full | 4 |\n"
		"\n"
		"Last bad [up](https://ex.test/up.html)![pic](https://ex.test/docs/p.png)\n"
		"\n"
		"2024\\. A year  \n"
		"\\- and a line\n");
	free(md);

	/* without --links and --images: the text alone */
	struct format_opts plain = { .url = "https://ex.test/a/b.html" };
	md = render("<p>See <a href=\"/x\">this</a> <img src=\"i.png\" alt=\"i\">.</p>",
		    true, &plain);
	assert_string_equal(md, "See this .\n");
	free(md);

	/* a list item that opens with code: its marker alone, the fenced
	 * block under it */
	md = render("<ol><li>Update:<pre>apt-get update</pre></li><li><pre>apt-get install pith</pre>"
		    "</li></ol>", true, &o);
	assert_string_equal(md, "1. Update:\n"
			    "\n"
			    "    ```\n"
			    "    apt-get update\n"
			    "    ```\n"
			    "2.\n"
			    "    ```\n"
			    "    apt-get install pith\n"
			    "    ```\n");
	free(md);
	/* what starts no Markdown is left as the text has it: an '&' that
	 * begins no character reference, a '<' that begins no tag, an
	 * underscore inside a word */
	md = render("<p>Q&amp;A, a &lt; b, &lt;br&gt; and &amp;copy; &amp;#169; &amp;#xA9; "
		    "rustc_codegen _x_ snake_</p>", true, &o);
	assert_string_equal(md, "Q&A, a < b, &lt;br> and &amp;copy; &amp;#169; &amp;#xA9; "
			    "rustc_codegen \\_x\\_ snake\\_\n");
	free(md);

	/* a list whose items are sections (a heading each, or in one of
	 * them) is laid out as sections, no bullets, its stray text kept;
	 * an ordered one stays a list, its numbers are content; a list of
	 * items alone stays one */
	md = render("<ul><li><h3>Cam One</h3><p>Sharp.</p><table><tr><td>Range</td><td>9 m</td>"
		    "</tr></table></li> loose <li><p>Cam Two, no heading.</p></li></ul>"
		    "<ol><li><h3>First</h3><p>Best.</p></li><li><h3>Second</h3></li></ol>"
		    "<ul><li><b>Bold</b> item</li></ul>"
		    "<ul><li>Outer<ul><li><h4>Inner</h4></li></ul></li></ul>", true, &o);
	assert_string_equal(md, "### Cam One\n"
			    "\n"
			    "Sharp.\n"
			    "\n"
			    "| Range | 9 m |\n"
			    "| --- | --- |\n"
			    "\n"
			    "loose\n"
			    "\n"
			    "Cam Two, no heading.\n"
			    "\n"
			    "1. ### First\n"
			    "\n"
			    "    Best.\n"
			    "2. ### Second\n"
			    "\n"
			    "- Bold item\n"
			    "\n"
			    "- Outer\n"
			    "\n"
			    "    #### Inner\n");
	free(md);
	/* a table whose cell holds a heading and more text lays the page
	 * out: written as its cells' blocks; one whose head cells hold a
	 * heading alone holds data and stays a table */
	md = render("<table><tr><td><h2>Half Dome</h2><p>The valley floor.</p></td>"
		    "<td><p>Courtesy of the park.</p></td></tr></table>"
		    "<table><tr><td><h4>Item</h4></td><td><h4>Grams</h4></td></tr>"
		    "<tr><td>Oats</td><td>80</td></tr></table>", true, &o);
	assert_string_equal(md, "## Half Dome\n"
			    "\n"
			    "The valley floor.\n"
			    "\n"
			    "Courtesy of the park.\n"
			    "\n"
			    "| Item | Grams |\n"
			    "| --- | --- |\n"
			    "| Oats | 80 |\n");
	free(md);
	/* a quote that opens with code keeps its prefix on the fence */
	md = render("<blockquote><pre>make</pre></blockquote>", true, &o);
	assert_string_equal(md, "> ```\n> make\n> ```\n");
	free(md);

	/* the language a block names is its info string: on the code
	 * (the HTML standard's "language-"), on the pre ("lang-",
	 * SyntaxHighlighter's "brush: X", pandoc's "sourceCode X", a
	 * data-lang), on a box around it (Sphinx's "highlight-", GitHub's
	 * "highlight-source-"); a name no info string may hold (a backtick,
	 * a space), "none" and Sphinx's "default" are none */
	md = render("<pre><code class=\"hljs language-python\">a</code></pre>"
		    "<pre class=\"lang-js prettyprint\">b</pre>"
		    "<pre class=\"brush: css notranslate\">c</pre>"
		    "<pre class=\"sourceCode c++\">d</pre>"
		    "<pre class=\"sourceCode numberSource python numberLines\">l</pre>"
		    "<pre data-lang=\"rust\">e</pre>"
		    "<div class=\"highlight-sh notranslate\"><div class=\"highlight\"><pre>f</pre></div></div>"
		    "<div class=\"highlight highlight-source-go\"><pre>k</pre></div>"
		    "<pre class=\"language-a`b\">g</pre><pre data-lang=\"two words\">h</pre>"
		    "<pre class=\"highlight-default\">i</pre><pre class=\"language-none\">j</pre>",
		    true, &o);
	assert_string_equal(md, "```python\na\n```\n\n```js\nb\n```\n\n```css\nc\n```\n\n"
				"```c++\nd\n```\n\n```python\nl\n```\n\n```rust\ne\n```\n\n```sh\nf\n```\n\n```go\nk\n```\n\n"
				"```\ng\n```\n\n```\nh\n```\n\n```\ni\n```\n\n```\nj\n```\n");
	free(md);

	/* a highlighter's lines, a div each, and a style among them: one
	 * block, a line a div, no CSS, and what follows is not code */
	md = render("<pre><code><div class=\"line\">int a;</div><div class=\"line\">"
		    "<style>.k{color:red}</style>int b;</div></code></pre><p>After.</p>",
		    true, &o);
	assert_string_equal(md, "```\nint a;\nint b;\n```\n\nAfter.\n");
	free(md);
	/* and as HTML: the lines are the divs, no line break between them
	 * (a browser would draw it as an empty line) */
	md = render("<pre><code><div class=\"line\">int a;</div><div class=\"line\">int b;</div>"
		    "</code></pre>", false, &o);
	assert_non_null(strstr(md, "<pre><code><div>int a;</div><div>int b;</div></code></pre>\n"));
	free(md);

	/* a custom element inside a link stays inside it, its words apart
	 * (the parser dropped the spaces around it: dom.h's TEXT_SPACED) */
	md = render("<p>See <a href=\"/d\">the <x-part>docs</x-part> page</a>.</p>", true, &o);
	assert_string_equal(md, "See [the docs page](https://ex.test/d).\n");
	free(md);
}

/* What the method dropped is not in the Markdown. */
static void
test_markdown_keeps_decision(void **state)
{
	(void)state;
	struct page pg;
	test_page(&pg, "<body><div id=nav><ul><li>Home</li><li>About</li></ul></div>"
		  "<div id=main><h2>Title</h2><p>Body <span id=ad>AD</span> text.</p></div></body>");
	uint8_t *c = calloc((size_t)pg.dom->n, 1);
	uint8_t *mask = calloc((size_t)pg.dom->n, 1);
	int main_div = test_by_id(&pg, "main");
	for (int i = main_div; i < pg.dom->end[main_div]; i++)
		c[i] = 1;
	mask[test_by_id(&pg, "ad")] = 2;
	struct format_opts o = { 0 };
	struct buf b;
	buf_init(&b);
	format_markdown(pg.dom, c, mask, &o, &b);
	assert_string_equal(b.data, "## Title\n\nBody text.\n");
	buf_free(&b);
	free(c);
	free(mask);
	page_free(&pg);
}

static bool
has_ci(const char *s, const char *needle)
{
	return strcasestr(s, needle) != NULL;
}

/* Does some tag of h carry an attribute whose name starts with "on"? */
static bool
has_event_attr(const char *h)
{
	for (const char *p = strchr(h, '<'); p; p = strchr(p + 1, '<')) {
		const char *end = strchr(p, '>');
		for (const char *q = p; end && q < end; q++)
			if ((*q == ' ' || *q == '\t' || *q == '\n' || *q == '/') &&
			    !strncasecmp(q + 1, "on", 2))
				return true;
	}
	return false;
}

static void
test_html_sanitized(void **state)
{
	(void)state;
	struct format_opts o = { .url = "https://ex.test/a/b.html" };
	char *h = render(page_html, false, &o);
	/* the sanitizer check: nothing that runs */
	assert_false(has_ci(h, "<script"));
	assert_false(has_ci(h, "<style"));
	assert_false(has_ci(h, "alert("));
	assert_false(has_event_attr(h));
	assert_true(has_event_attr("<p onclick=\"x()\">"));
	assert_false(has_ci(h, "javascript"));
	assert_false(has_ci(h, "<base"));
	assert_string_equal(h,
		"<h1>Harbour <em>votes</em></h1>\n"
		"<p>The council met on <a href=\"https://ex.test/docs/minutes.html\">Tuesday</a>"
		" &amp; voted *twice* [sic] &lt;again&gt;.</p>\n"
		"<ul>\n<li>\nOne<ul>\n<li>One.a</li>\n<li>One.b</li>\n</ul>\n</li>\n"
		"<li>Two <code>x|y</code></li>\n</ul>\n"
		"<ol start=\"3\">\n<li>Three</li>\n<li>Four</li>\n</ol>\n"
		"<blockquote>\n<p>We keep it.</p>\n<p>Said she.</p>\n</blockquote>\n"
		"<pre>int main() {\n  return 0;\n}</pre>\n"
		"<table>\n<tr>\n<th>Name</th>\n<th>Fare</th>\n</tr>\n"
		"<tr>\n<td>Adult | full</td>\n<td>4</td>\n</tr>\n</table>\n"
		"<p>Last bad <a href=\"https://ex.test/up.html\">up</a>"
		"<img src=\"https://ex.test/docs/p.png\" alt=\"pic\"></p>\n"
		"<p>2024. A year<br>- and a line</p>\n");
	free(h);
}

static void
test_url_resolve(void **state)
{
	(void)state;
	static const char *const cases[][3] = {
		{ "https://a.test/b/c/d?q#f", "g", "https://a.test/b/c/g" },
		{ "https://a.test/b/c/d?q#f", "./g/", "https://a.test/b/c/g/" },
		{ "https://a.test/b/c/d?q#f", "../g", "https://a.test/b/g" },
		{ "https://a.test/b/c/d?q#f", "../../../g", "https://a.test/g" },
		{ "https://a.test/b/c/d?q#f", "/g/./h/../i", "https://a.test/g/i" },
		{ "https://a.test/b/c/d?q#f", "//o.test/x", "https://o.test/x" },
		{ "https://a.test/b/c/d?q#f", "?y", "https://a.test/b/c/d?y" },
		{ "https://a.test/b/c/d?q#f", "#s", "https://a.test/b/c/d?q#s" },
		{ "https://a.test", "g", "https://a.test/g" },
		{ "https://a.test/b", " http://x.test/ ", "http://x.test/" },
		{ NULL, "g/h", "g/h" },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		char *r = format_url_resolve(cases[i][0], cases[i][1]);
		assert_string_equal(r, cases[i][2]);
		free(r);
	}
}

static void
test_front_matter(void **state)
{
	(void)state;
	struct page_meta m = { 0 };
	m.title = "Say \"hi\"";
	m.date = "2024-03-14";
	char *tags[] = { "a", "b" };
	m.tags = tags;
	m.ntags = 2;
	struct buf b;
	buf_init(&b);
	format_front_matter(&m, &b);
	assert_string_equal(b.data, "---\ntitle: \"Say \\\"hi\\\"\"\ndate: \"2024-03-14\"\n"
			    "tags: [\"a\", \"b\"]\n---\n\n");
	buf_free(&b);
}

/* Clean HTML leaves out a box that wraps one block and holds no text of
 * its own (section > div > div > article > div), and keeps one that holds
 * two blocks or text of its own. */
static void
test_html_wrappers(void **state)
{
	(void)state;
	struct format_opts o = { 0 };
	char *h = render("<html><body><section><div><div><article><div><p>One.</p><p>Two.</p>"
			 "</div></article></div></div></section>"
			 "<div><div>Own text<p>Three.</p></div></div></body></html>", false, &o);
	assert_string_equal(h, "<div>\n<p>One.</p>\n<p>Two.</p>\n</div>\n"
			       "<div>\nOwn text<p>Three.</p>\n</div>\n");
	free(h);
}

/* An inline element of a name HTML lacks keeps the words either side
 * apart in Markdown and HTML as in the text (dom.h's TEXT_SPACED): the
 * parser dropped the white space around it. */
static void
test_unknown_inline_spaced(void **state)
{
	(void)state;
	static const char page[] = "<html><body><div>solutions to\n<mjx-c><math><mi>x</mi>"
				   "</math></mjx-c>\nand they are</div></body></html>";
	struct format_opts o = { 0 };
	char *md = render(page, true, &o);
	assert_string_equal(md, "solutions to x and they are\n");
	free(md);
	char *h = render(page, false, &o);
	assert_non_null(strstr(h, "solutions to x and they are"));
	free(h);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_markdown),
		cmocka_unit_test(test_unknown_inline_spaced),
		cmocka_unit_test(test_markdown_keeps_decision),
		cmocka_unit_test(test_html_sanitized),
		cmocka_unit_test(test_url_resolve),
		cmocka_unit_test(test_front_matter),
		cmocka_unit_test(test_html_wrappers),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}

/* test-dom.c - the node table built from tidy's tree. */
#include "testlib.h"

#include "extract.h"
#include "source.h"

static const char page1[] =
	"<html><head><title>T</title><script>var x = '<p>';</script></head><body>\n"
	"<div id=\"nav\"><a href=\"/a\">Home</a> <a>Anchor</a></div>\n"
	"<div id=\"main\"><p>One <b>two</b></p><p>Three<br>four</p></div>\n"
	"<my-widget id=\"w\">custom</my-widget>\n"
	"</body></html>\n";

static void
test_structure(void **state)
{
	(void)state;
	struct page pg;
	test_page(&pg, page1);
	const struct dom *d = pg.dom;
	/* html head title script body div a a div p b p br my-widget */
	assert_int_equal(d->n, 14);
	const char *tags[] = { "html", "head", "title", "script", "body", "div", "a",
			       "a", "div", "p", "b", "p", "br", "my-widget" };
	const int parents[] = { -1, 0, 1, 1, 0, 4, 5, 5, 4, 8, 9, 8, 11, 4 };
	const int depths[] = { 0, 1, 2, 2, 1, 2, 3, 3, 2, 3, 4, 3, 4, 2 };
	for (int i = 0; i < d->n; i++) {
		assert_string_equal(dom_tagname(d, i), tags[i]);
		assert_int_equal(d->parent[i], parents[i]);
		assert_int_equal(d->depth[i], depths[i]);
	}
	assert_int_equal(d->body, 4);
	assert_int_equal(d->head, 1);
	assert_int_equal(d->end[4], 14);
	assert_int_equal(d->end[8], 13);
	assert_int_equal(d->first_child[4], 5);
	assert_int_equal(d->next_sibling[5], 8);
	assert_int_equal(d->next_sibling[8], 13);
	assert_int_equal(d->next_sibling[13], -1);
	/* source lines come from tidy */
	assert_int_equal(d->line[5], 2);
	assert_int_equal(d->line[8], 3);
	assert_int_equal(d->line[13], 4);
	page_free(&pg);
}

static void
test_flags(void **state)
{
	(void)state;
	struct page pg;
	test_page(&pg, page1);
	const struct dom *d = pg.dom;
	assert_true(d->flags[1] & DOM_SKIP);
	assert_true(d->flags[3] & DOM_SKIP);
	assert_false(d->flags[4] & DOM_SKIP);
	assert_true(d->flags[6] & DOM_LINK);      /* a href */
	assert_false(d->flags[7] & DOM_LINK);     /* a without href */
	assert_true(d->flags[6] & DOM_PHRASING);
	assert_true(d->flags[10] & DOM_PHRASING); /* b */
	assert_false(d->flags[9] & DOM_PHRASING); /* p */
	assert_true(d->flags[13] & DOM_PHRASING); /* a custom element of text: inline */
	page_free(&pg);
}

static void
test_texts(void **state)
{
	(void)state;
	struct page pg;
	test_page(&pg, page1);
	const struct dom *d = pg.dom;
	/* title (kept for metadata), Home, " ", Anchor, One, two, Three, br,
	 * four, custom; the script's text is not kept at all */
	int want_elem[] = { 2, 6, 5, 7, 9, 10, 11, 12, 11, 13 };
	int want_block[] = { 2, 5, 5, 5, 9, 9, 11, 11, 11, 4 };
	const char *want_text[] = { "T", "Home", " ", "Anchor", "One ", "two",
				    "Three", "", "four", "custom" };
	int kept = 0;
	for (int t = 0; t < d->ntexts; t++) {
		if (d->texts[t].len == 0 && !(d->texts[t].flags & TEXT_BREAK))
			continue;
		assert_true(kept < 10);
		assert_int_equal(d->texts[t].elem, want_elem[kept]);
		assert_int_equal(d->texts[t].block, want_block[kept]);
		assert_string_equal(dom_text(d, t), want_text[kept]);
		kept++;
	}
	assert_int_equal(kept, 10);
	assert_true(d->texts[0].flags & TEXT_SKIP);
	assert_true(d->texts[1].flags & TEXT_LINK);
	assert_false(d->texts[3].flags & TEXT_LINK);
	assert_true(d->texts[7].flags & TEXT_BREAK);
	/* a subtree's text range */
	assert_int_equal(d->text_begin[8], 4);
	assert_int_equal(d->text_end[8], 9);
	page_free(&pg);
}

/* Every text of the page, all blocks kept, as extract_text writes it. */
static void
all_text(const char *html, struct buf *t)
{
	struct page pg;
	test_page(&pg, html);
	uint8_t *all = xmalloc((size_t)pg.dom->n + 1);
	memset(all, 1, (size_t)pg.dom->n + 1);
	buf_init(t);
	extract_text(pg.dom, all, t);
	free(all);
	page_free(&pg);
}

/* A processing instruction no '>' ends reads as a comment to the end of
 * the page (HTML's bogus comment): the text before it stays, nothing of
 * it is text, and (under LeakSanitizer) libtidy leaks none of it; one
 * that a '>' ends is dropped as before, and what follows stays, whatever
 * quotes it holds and its target (php and xml, which libtidy reads as
 * their languages: source.h). */
static void
test_unterminated_pi(void **state)
{
	(void)state;
	struct buf b;
	buf_init(&b);
	buf_adds(&b, "<html><body><p>Before it.</p><?xml version=\"1.0\" ");
	for (int i = 0; i < 20000; i++)
		buf_adds(&b, "aaaaa");
	struct buf t;
	all_text(b.data, &t);
	assert_string_equal(t.data, "Before it.\n");
	buf_free(&t);
	buf_free(&b);
	all_text("<html><body><p>One.</p><?php echo 1 ?><p>Two.</p></body></html>", &t);
	assert_string_equal(t.data, "One.\nTwo.\n");
	buf_free(&t);
	/* a "<?xml" whose quote no quote ends, a '>' after it (libtidy read
	 * to the end of the page, and lost the attribute's 1,100 bytes),
	 * and a "<?php" (libtidy read it to "?>"): each ends at the '>' */
	buf_init(&b);
	buf_adds(&b, "<html><body><p>Before it.</p><?xml a=\"");
	for (int i = 0; i < 220; i++)
		buf_adds(&b, "bbbbb");
	buf_adds(&b, "></blockquote><p>After it.</p>");
	all_text(b.data, &t);
	assert_string_equal(t.data, "Before it.\nAfter it.\n");
	buf_free(&t);
	buf_free(&b);
	all_text("<html><body><p>One.</p><?php echo \"a ?><p>Two.</p></body></html>", &t);
	assert_string_equal(t.data, "One.\nTwo.\n");
	buf_free(&t);
	all_text("<html><body><p>One.</p><?php if (1 > 0) echo 1; ?></body></html>", &t);
	assert_string_equal(t.data, "One.\n0) echo 1; ?>\n");
	buf_free(&t);
}

/* A pre's texts read as prose (TEXT_PROSE) with 40 characters or more
 * (white space aside), a sentence's end every 25 words or fewer, and at
 * most one of {}[];=<>\\| in 50 characters (counted by hand below). */
static void
test_pre_prose(void **state)
{
	(void)state;
	static const struct {
		const char *text;
		bool prose;
	} cases[] = {
		/* 90 characters, two ends, no symbol */
		{ "The winter timetable still says that the ferry leaves from the old pier.\n"
		  "It moved to the new quay in November.", true },
		/* 62 characters, one ';' (50 <= 62), parentheses are prose's */
		{ "Call the office (or the harbour) before you go down; the boat leaves early.",
		  true },
		/* a program: {, ; and } in 43 characters */
		{ "int main(void) { return printf(\"Done. Bye.\\n\"); }", false },
		/* 7 characters */
		{ "Yes. No.", false },
		/* 58 characters, no sentence's end */
		{ "sudo apt-get install libfoo-dev libbar-dev libbaz-dev libqux-dev", false },
		/* 56 characters, two ideographic full stops */
		{ "\xe5\x86\xac\xe3\x81\xae\xe6\x99\x82\xe5\x88\xbb\xe8\xa1\xa8\xe3\x81\xab"
		  "\xe3\x81\xaf\xe5\x8f\xa4\xe3\x81\x84\xe6\xa1\x9f\xe6\xa9\x8b\xe3\x81\x8b"
		  "\xe3\x82\x89\xe8\x88\xb9\xe3\x81\x8c\xe5\x87\xba\xe3\x82\x8b\xe3\x81\xa8"
		  "\xe6\x9b\xb8\xe3\x81\x84\xe3\x81\xa6\xe3\x81\x82\xe3\x82\x8a\xe3\x81\xbe"
		  "\xe3\x81\x99\xe3\x81\x8c\xe3\x80\x81\xe5\x8d\x81\xe4\xb8\x80\xe6\x9c\x88"
		  "\xe3\x81\xab\xe6\x96\xb0\xe3\x81\x97\xe3\x81\x84\xe5\xb2\xb8\xe5\xa3\x81"
		  "\xe3\x81\xb8\xe7\xa7\xbb\xe3\x82\x8a\xe3\x81\xbe\xe3\x81\x97\xe3\x81\x9f"
		  "\xe3\x80\x82\xe5\x8d\xb0\xe5\x88\xb7\xe3\x81\x97\xe3\x81\x9f\xe6\x99\x82"
		  "\xe5\x88\xbb\xe8\xa1\xa8\xe3\x82\x82\xe5\x90\x8c\xe3\x81\x98\xe3\x81\xa7"
		  "\xe3\x81\x99\xe3\x80\x82", true },
		/* 26 words and one end: more than 25 words a sentence */
		{ "one two three four five six seven eight nine ten eleven twelve thirteen "
		  "fourteen fifteen sixteen seventeen eighteen nineteen twenty twentyone "
		  "twentytwo twentythree twentyfour twentyfive twentysix.", false },
	};
	for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
		struct buf html;
		buf_init(&html);
		buf_printf(&html, "<html><body><p>Above.</p><pre>%s</pre></body></html>",
			   cases[k].text);
		struct page pg;
		test_page(&pg, html.data);
		const struct dom *d = pg.dom;
		int pre = -1;
		for (int e = 0; e < d->n && pre < 0; e++)
			if (!strcmp(dom_tagname(d, e), "pre"))
				pre = e;
		assert_true(pre >= 0);
		assert_true(d->text_begin[pre] < d->text_end[pre]);
		for (int t = d->text_begin[pre]; t < d->text_end[pre]; t++) {
			assert_true(d->texts[t].flags & TEXT_PRE);
			if (!!(d->texts[t].flags & TEXT_PROSE) != cases[k].prose)
				fail_msg("case %zu: prose %d", k, !cases[k].prose);
		}
		/* the p is in no pre */
		assert_false(d->texts[0].flags & (TEXT_PRE | TEXT_PROSE));
		page_free(&pg);
		buf_free(&html);
	}
}

/* Elements of names HTML does not have are inline where they hold no
 * block (mark_inline): the words around them stay on their line, with
 * the spaces the parser dropped; one holding a div stays a block, and so
 * do a display equation and one a hidden span holds; an equation's TeX
 * annotation is not shown.  In a p, one that holds no block is told to
 * libtidy as inline (source_scan's inline_custom), so the p holds it as
 * HTML does; one that holds a div ends the p, as in HTML. */
static void
test_unknown_inline(void **state)
{
	(void)state;
	static const struct {
		const char *html, *want;
	} cases[] = {
		{ "<div>solutions to\n<mjx-c><math><mi>x</mi></math></mjx-c>\nand they are</div>",
		  "solutions to x and they are\n" },
		{ "<div>Seen <relative-time>3 days ago</relative-time> by us</div>",
		  "Seen 3 days ago by us\n" },
		{ "<my-card><div>Title</div>tail</my-card>", "Title\ntail\n" },
		{ "<div>If <math display=\"block\"><mi>a</mi></math> holds</div>", "If\na\nholds\n" },
		{ "<div>If <span style=\"color:red; display : none\"><math><mi>b</mi></math></span> holds"
		  "</div>", "If\nb\nholds\n" },
		{ "<div>Let <math><semantics><mi>c</mi><annotation>{\\displaystyle c}</annotation>"
		  "</semantics></math> be</div>", "Let c be\n" },
		{ "<p>Keep <big>this</big> and <del>that</del> together</p>",
		  "Keep this and that together\n" },
		{ "<p>Seen <relative-time>3 days ago</relative-time> by us</p>",
		  "Seen 3 days ago by us\n" },
		{ "<p>x <my-card><div>Title</div>tail</my-card> y</p>", "x\nTitle\ntail\ny\n" },
	};
	for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
		char html[512];
		snprintf(html, sizeof html, "<html><body>%s</body></html>", cases[k].html);
		struct buf t;
		all_text(html, &t);
		assert_string_equal(t.data, cases[k].want);
		buf_free(&t);
	}
	/* told inline: a custom element in a p (its name in lower case)
	 * that holds no block; not one holding a div, nor one in no p */
	static const char named[] = "<p>Seen <Relative-Time>3</relative-time></p>"
				    "<p>x <my-card><div>T</div></my-card></p><my-other>z</my-other>"
				    "<h2><my-icon/>Title</h2>";
	struct source_scan sc;
	source_scan(named, sizeof named - 1, -1, &sc);
	assert_string_equal(sc.inline_custom, "relative-time my-icon");
	source_scan_free(&sc);
	struct page pg;
	test_page(&pg, "<html><body><p>a <x-y id=\"i\">b</x-y> c</p><x-z id=\"z\"><p>d</p></x-z>"
		       "</body></html>");
	assert_true(pg.dom->flags[test_by_id(&pg, "i")] & DOM_PHRASING);
	assert_false(pg.dom->flags[test_by_id(&pg, "z")] & DOM_PHRASING);
	page_free(&pg);
	/* the annotation's text is the tree's, left out, not lost: "Let" 3
	 * + "c" 1 + "{\displaystylec}" 16 + "be" 2 */
	test_page(&pg, "<html><body><div>Let <math><semantics><mi>c</mi><annotation>"
		       "{\\displaystyle c}</annotation></semantics></math> be</div></body></html>");
	assert_int_equal(pg.dom->source_text, 22);
	assert_int_equal(pg.dom->tree_text, 22);
	page_free(&pg);
}

/* The source's text as a tokenizer reads it, worked out by hand:
 * "Home" 4, "&amp;" 1, "é" 1 (two bytes), "x < 2" 3 ('<' not before a
 * letter is text); nothing of the comment, the script, the title or the
 * tags and attributes ('>' inside a quoted value ends no tag). */
static void
test_source_text(void **state)
{
	(void)state;
	static const char s[] =
		"<!DOCTYPE html><title>T t</title><p a='>x'>Home &amp; \xc3\xa9</p>"
		"<!-- no <b>text</b> --><script>if (a<b) x = '</p>';</script> x < 2";
	struct source_scan sc;
	source_scan(s, sizeof s - 1, -1, &sc);
	assert_int_equal(sc.text, 9);
	assert_int_equal(sc.nclose, 0);
	assert_int_equal(sc.stop_at, sizeof s - 1);
	source_scan_free(&sc);
	/* stop after 5: the sixth character is "é" */
	source_scan(s, sizeof s - 1, 5, &sc);
	assert_int_equal(sc.stop_at, (size_t)(strstr(s, "\xc3\xa9") - s));
	source_scan_free(&sc);
	int line, col;
	source_line_col("ab\ncd\nef", 8, 7, &line, &col);
	assert_int_equal(line, 3);
	assert_int_equal(col, 2);
}

/* The scripts and styles whose text pith never reads are cut out before
 * libtidy reads them: a script ends at the first "</script" (here inside
 * a string) unless a "<!--" and a "<script" came before it; JSON-LD (in
 * any case, or written with character references, which libtidy reads), a
 * style in a pre, a script that ends its start tag with "/>" and one
 * never ended keep their text. */
static void
test_blank_ranges(void **state)
{
	(void)state;
	static const char s[] =
		"<script>w('<script>x</script>');</script><p>a</p>"
		"<script type='Application/LD+JSON'>{}</script>"
		"<script type=text/javascript type=application&#x2F;ld&#x2B;json>{}</script>"
		"<STYLE media=all>p{}</STYLE>"
		"<script><!-- w('<script>y</script>') --></script>"
		"<script><!--> w('</script>')</script>"
		"<pre><style>b{}</style></pre><script src=z />c</script><script>d";
	struct source_scan sc;
	source_scan(s, sizeof s - 1, -1, &sc);
	assert_int_equal(sc.nblank, 4);
	const char *at[4] = { "w('<script>x", "p{}", "<!-- w", "<!--> w" };
	const char *end[4] = { "</script>');", "</STYLE>", "</script><script><!-->",
			       "</script>')</script><pre>" };
	for (int k = 0; k < 4; k++) {
		assert_int_equal(sc.blank_at[k], (size_t)(strstr(s, at[k]) - s));
		assert_int_equal(sc.blank_end[k], (size_t)(strstr(s, end[k]) - s));
	}
	/* "');" and "')" are text; "c" is in a script, as HTML reads it */
	assert_int_equal(sc.text, 3 + 1 + 2);
	source_scan_free(&sc);
}

/* The blanked text keeps libtidy's lines and its columns modulo 8, and
 * the columns it counts fewer are added back to the tree's.
 * Line 1: the script's text starts at column 18; "abcdefghij" takes it
 * to 28, the tab to 33, "kl" to 35.  One space takes the blanked text
 * from 18 to 19, 16 short; "</script>" ends at 44 (28), the tab goes on
 * to 49 (33), where <b> is.
 * Lines 2 to 5: LF, CR LF and a lone CR end three lines; <i> is on line
 * 5 past "</script>", at column 10.
 * Lines 6 and 7: the CR ends line 6 and puts back the second CR, read as
 * column 1; the tab goes from 2 to 9, "q" to 10: one space, 8 short.
 * <u> is at 19 (11); the next script's text, "é", is column 35 (27),
 * one space ends it at 28, 8 short; <s> is at 45 (37). */
static void
test_blank_columns(void **state)
{
	(void)state;
	static const char s[] =
		"<body><p><script>abcdefghij\tkl</script>\t<b>x</b></p>\n"
		"<p>x</p><script>\n\tvar a;\r\n\r</script><i>y</i>\n"
		"<script>\r\r\tq</script><u>z</u><script>\xc3\xa9</script><s>w</s>";
	struct source_scan sc;
	source_scan(s, sizeof s - 1, -1, &sc);
	assert_int_equal(sc.nblank, 4);
	size_t len;
	struct source_cols cols;
	char *o = source_blank(s, sizeof s - 1, &sc, &len, &cols);
	assert_string_equal(o, "<body><p><script> </script>\t<b>x</b></p>\n"
			    "<p>x</p><script>\n\n\n</script><i>y</i>\n"
			    "<script>\n </script><u>z</u><script> </script><s>w</s>");
	assert_int_equal(len, strlen(o));
	free(o);
	source_scan_free(&sc);
	assert_int_equal(cols.n, 3);
	static const int line[] = { 1, 7, 7 }, col[] = { 19, 2, 28 }, shift[] = { 16, 8, 8 };
	for (int k = 0; k < 3; k++) {
		assert_int_equal(cols.at[k].line, line[k]);
		assert_int_equal(cols.at[k].col, col[k]);
		assert_int_equal(cols.at[k].shift, shift[k]);
	}
	assert_int_equal(source_col(&cols, 1, 18), 18);   /* before the end */
	assert_int_equal(source_col(&cols, 1, 33), 49);
	assert_int_equal(source_col(&cols, 5, 10), 10);   /* no range ends there */
	assert_int_equal(source_col(&cols, 7, 11), 19);
	source_cols_free(&cols);
	/* a tab is one byte, and the spaces for it up to seven: the text
	 * from 13 goes to 17 (four), then from 34 to 41 (seven) */
	static const char tabs[] = "<p>x<script>\t</script><script>\t</script>";
	source_scan(tabs, sizeof tabs - 1, -1, &sc);
	o = source_blank(tabs, sizeof tabs - 1, &sc, &len, &cols);
	assert_string_equal(o, "<p>x<script>    </script><script>       </script>");
	assert_int_equal(len, sizeof tabs - 1 + 3 + 6);
	assert_int_equal(cols.n, 0);
	free(o);
	source_scan_free(&sc);
	source_cols_free(&cols);

	struct page pg;
	test_page(&pg, s);
	const struct dom *d = pg.dom;
	static const char *const tags[] = { "b", "i", "u", "s" };
	static const int at_line[] = { 1, 5, 7, 7 }, at_col[] = { 49, 10, 19, 45 };
	for (int k = 0; k < 4; k++) {
		int e = dom_tag_id(d, tags[k]);
		int i = 0;
		while (i < d->n && d->tag[i] != e)
			i++;
		assert_true(i < d->n);
		assert_int_equal(d->line[i], at_line[k]);
		assert_int_equal(d->col[i], at_col[k]);
	}
	page_free(&pg);
}

/* libtidy's (line, column) as a byte offset: a tab goes to column 9, é
 * and € are one column each (2 and 3 bytes); a "</select>" libtidy read
 * before an offset is nine columns more.  The element's end: past its
 * end tag, or past the start tag when it has none. */
static void
test_source_offset(void **state)
{
	(void)state;
	static const char s[] = "<body>\n\t<p>\xc3\xa9\xe2\x82\xac <b>y</b></p><br>\n";
	size_t n = sizeof s - 1;
	assert_int_equal(source_offset(s, n, 2, 9, NULL, 0), 8);            /* <p> */
	assert_int_equal(source_offset(s, n, 2, 15, NULL, 0), 17);          /* <b> */
	assert_int_equal(source_offset(s, n, 9, 1, NULL, 0), n);
	/* a </select> read before <p>: libtidy's column of <p> is 18 */
	size_t ins[] = { 8 };
	assert_int_equal(source_offset(s, n, 2, 18, ins, 1), 8);
	assert_int_equal(source_offset(s, n, 2, 24, ins, 1), 17);
	assert_int_equal(source_element_end(s, n, 8, n, "p"), 29);         /* past </p> */
	assert_int_equal(source_element_end(s, n, 29, n, "br"), 33);       /* no end tag */
	assert_int_equal(source_element_end(s, n, 17, 25, "b"), 25);       /* past </b> */
}

/* HTML5 closes a select in a table at the cell's end (and at an input
 * or another select anywhere); libtidy does not, and then keeps nothing
 * after it.  Outside a table, HTML5 keeps the select open too (its text
 * goes into the option): the loss is reported with where it begins. */
static void
test_select_repair(void **state)
{
	(void)state;
	static const char in_table[] =
		"<table><tr><td><select id=\"y\"><script>w('<option>1');</script></td>"
		"<td>Next</td></tr></table><p>The article.</p>";
	struct source_scan sc;
	source_scan(in_table, sizeof in_table - 1, -1, &sc);
	assert_int_equal(sc.nclose, 1);
	assert_int_equal(sc.close_at[0], (size_t)(strstr(in_table, "</td>") - in_table));
	size_t len;
	char *fixed = source_repair(in_table, sizeof in_table - 1, &sc, &len);
	assert_int_equal(len, sizeof in_table - 1 + 9);
	assert_non_null(strstr(fixed, "</script></select></td>"));
	free(fixed);
	source_scan_free(&sc);
	static const char two[] = "<div><select><option>a<input name=q><select><option>b</div>";
	source_scan(two, sizeof two - 1, -1, &sc);
	assert_int_equal(sc.nclose, 1);     /* at the input; the second stays open */
	assert_int_equal(sc.close_at[0], (size_t)(strstr(two, "<input") - two));
	source_scan_free(&sc);

	struct page pg;
	test_page(&pg, in_table);
	struct buf t;
	buf_init(&t);
	uint8_t *all = xmalloc((size_t)pg.dom->n + 1);
	memset(all, 1, (size_t)pg.dom->n + 1);
	extract_text(pg.dom, all, &t);
	free(all);
	assert_non_null(strstr(t.data, "Next\nThe article.\n"));
	assert_int_equal(pg.dom->closed_selects, 1);
	assert_false(dom_lost(pg.dom));
	buf_free(&t);
	page_free(&pg);

	/* 4 characters reach the tree ("Home"); the source has those and
	 * two paragraphs of 86 (not counting spaces): 172 lost of 176, 97 %
	 * rounded down; the fifth character is the "F" of the first
	 * paragraph, at byte 76, line 3, column 4, with the option open */
	struct buf b;
	buf_init(&b);
	buf_adds(&b, "<body><div id=\"nav\"><a href=\"/\">Home</a>\n"
		     "<select name=\"y\"><option></div>\n<p>");
	for (int k = 0; k < 2; k++)
		buf_adds(&b, "First paragraph of the article, lost to the parser: fifty-two letters "
			     "here and the same again after it. </p><p>");
	buf_adds(&b, "</p></body>");
	test_page(&pg, b.data);
	const struct dom *d = pg.dom;
	assert_true(dom_lost(d));
	assert_int_equal(d->tree_text, 4);
	assert_int_equal(d->source_text, 176);
	assert_int_equal(d->loss_at, 76);
	assert_int_equal(d->loss_line, 3);
	assert_int_equal(d->loss_col, 4);
	struct buf note;
	buf_init(&note);
	dom_parse_note(d, false, &note);
	assert_string_equal(note.data,
		"the parser lost 97 % of the page's text (172 of 176 characters) from byte 76 "
		"(line 3, column 4), inside div#nav > select > option");
	buf_free(&note);
	page_free(&pg);
	buf_free(&b);
}

/* A "<![CDATA[" in HTML's content is a comment that the next '>' ends
 * (HTML5's bogus comment); libtidy reads a CDATA section to "]]>", and
 * one left open took the page with it.  Inside svg and math it is a
 * CDATA section and stays; after a "</select>" put in, it moves on.  So
 * is a processing instruction "<?php" or "<?xml" (libtidy reads them as
 * their languages): its target is renamed. */
static void
test_cdata_repair(void **state)
{
	(void)state;
	static const char open_cdata[] =
		"<div><select><option>a<input name=q></div><![CDATA[\n<div id=\"top\"></div>"
		"<svg><style><![CDATA[ p {} ]]></style></svg><p>The article goes on.</p>";
	struct source_scan sc;
	source_scan(open_cdata, sizeof open_cdata - 1, -1, &sc);
	assert_int_equal(sc.nclose, 1);
	assert_int_equal(sc.ncdata, 1);     /* the svg's is not one */
	size_t at = (size_t)(strstr(open_cdata, "<![CDATA[") - open_cdata);
	assert_int_equal(sc.cdata_at[0], at);
	size_t len;
	char *fixed = source_repair(open_cdata, sizeof open_cdata - 1, &sc, &len);
	assert_int_equal(len, sizeof open_cdata - 1 + 9);
	assert_memory_equal(fixed + at + 9, "<?CDATA[[\n<div", 14);
	assert_non_null(strstr(fixed, "<style><![CDATA[ p {} ]]></style>"));
	free(fixed);
	source_scan_free(&sc);

	/* the page's text reaches the tree: "a", then the article's 17
	 * characters without spaces */
	struct page pg;
	test_page(&pg, open_cdata);
	assert_false(dom_lost(pg.dom));
	assert_int_equal(pg.dom->tree_text, 1 + 17);
	page_free(&pg);

	/* the targets libtidy reads as languages are renamed, after a
	 * "</select>" put in too; a name of capitals is not one of them */
	static const char pis[] =
		"<select><input><?xml a=\"b><p>x</p><?php echo \"y ?><?PHP z><?xmlx>";
	source_scan(pis, sizeof pis - 1, -1, &sc);
	assert_int_equal(sc.nclose, 1);
	assert_int_equal(sc.npi, 3);
	fixed = source_repair(pis, sizeof pis - 1, &sc, &len);
	assert_string_equal(fixed, "<select></select><input><?_ml a=\"b><p>x</p><?_hp echo \"y ?>"
			    "<?PHP z><?_mlx>");
	free(fixed);
	source_scan_free(&sc);
}

/* libtidy takes any "<!D" for a doctype, inside a tag too (where a '<'
 * starts a tag for it), and recursed until the stack ran out on one after
 * a start tag that a '<' cut short; HTML ignores a doctype after the first
 * tag, reads "<!D..." that is no doctype as a comment, and a '<' in a tag
 * as a character of an attribute's name.  Each such "<!" outside a tag is
 * made "<?" (a processing instruction, which ends at the next '>' and
 * which the tree leaves out), and the '<' of one inside a tag a space;
 * the page's own doctype before its first tag stays. */
static void
test_doctype_repair(void **state)
{
	(void)state;
	static const char s[] =
		"<!DOCTYPE html><p>gamma <!D l> delta</p><button <div <!D l><head>t"
		"<p>eps <!Doctor who> zeta</p><p>x<!doctype html>y</p><!Dnever";
	struct source_scan sc;
	source_scan(s, sizeof s - 1, -1, &sc);
	assert_int_equal(sc.ndoctype, 4);   /* not the first, nor the last: no '>' */
	size_t len;
	char *fixed = source_repair(s, sizeof s - 1, &sc, &len);
	assert_string_equal(fixed,
		"<!DOCTYPE html><p>gamma <?D l> delta</p><button <div  !D l><head>t"
		"<p>eps <?Doctor who> zeta</p><p>x<?doctype html>y</p><!Dnever");
	free(fixed);
	source_scan_free(&sc);

	/* in a title, a noscript, a template or an xmp libtidy reads tags
	 * too; in a script or a style it reads none, but where a '<' ends
	 * the start tag for it (the script below, which nothing ends, its
	 * "<a" part of its src to HTML); a script's or a style's text is
	 * never shown, so all of it is mended, but JSON-LD's */
	static const char raw[] =
		"<button><title><!D y></title><noscript><!D z></noscript>"
		"<script>a = '<!D q>';</script><style>p::after { content: '<!D r>' }</style>"
		"<script type=application/ld+json>{\"a\": \"<!D s>\"}</script>"
		"<script src=x<a><!D p>>";
	source_scan(raw, sizeof raw - 1, -1, &sc);
	assert_int_equal(sc.ndoctype, 5);
	fixed = source_repair(raw, sizeof raw - 1, &sc, &len);
	assert_string_equal(fixed,
		"<button><title><?D y></title><noscript><?D z></noscript>"
		"<script>a = '<?D q>';</script><style>p::after { content: '<?D r>' }</style>"
		"<script type=application/ld+json>{\"a\": \"<!D s>\"}</script>"
		"<script src=x<a><?D p>>");
	free(fixed);
	source_scan_free(&sc);

	/* in a tag whose quote no quote ends, HTML's reading of it to the
	 * page's end */
	static const char quoted[] = "<button\n<!D=\" p><p>x";
	source_scan(quoted, sizeof quoted - 1, -1, &sc);
	assert_int_equal(sc.ndoctype, 1);
	fixed = source_repair(quoted, sizeof quoted - 1, &sc, &len);
	assert_string_equal(fixed, "<button\n !D=\" p><p>x");
	free(fixed);
	source_scan_free(&sc);

	/* the page parses, and the text a browser shows is the tree's */
	struct page pg;
	test_page(&pg, "<button <div <!D l><head>t<p>gamma <!D l> delta</p>"
		       "<p>eps <!Doctor who> zeta</p><button><title><!D y><header>");
	assert_false(dom_lost(pg.dom));
	page_free(&pg);
	/* the script form (libtidy recursed on it until the stack ran out) */
	test_page(&pg, "<button><script src=\xd0<a><!D p>>");
	assert_false(dom_lost(pg.dom));
	page_free(&pg);
}

/* libtidy moves a div or a style out of a pre, cutting the pre in
 * pieces; they are renamed (as long) before parsing and named again in
 * the tree, where they stay in the pre.  The end tag of a div opened
 * before the pre ends it, as in HTML. */
static void
test_pre_repair(void **state)
{
	(void)state;
	static const char s[] =
		"<div id=box><pre><code><div class=l>int a;</div><DIV class=l><style>.k{}</style>"
		"int b;</div></code></pre></div><p>After.</p>"
		"<div><pre>x</div><div>y</div>";
	struct source_scan sc;
	source_scan(s, sizeof s - 1, -1, &sc);
	assert_int_equal(sc.npre, 6);
	assert_int_equal(sc.pre_at[0], (size_t)(strstr(s, "div class=l>int a") - s));
	size_t len;
	char *fixed = source_repair(s, sizeof s - 1, &sc, &len);
	assert_int_equal(len, sizeof s - 1);
	assert_non_null(strstr(fixed, "<code><d_v class=l>int a;</d_v><d_v class=l><s_yle>.k{}</s_yle>"
				      "int b;</d_v></code></pre></div><p>After.</p><div><pre>x</div><div>"));
	free(fixed);
	source_scan_free(&sc);
	/* a pre left as it was: a div open at its end tag (libtidy would
	 * carry the inline div on into what follows), an element that
	 * holds it ending first, the page's end, a style holding a '<' or
	 * never ended */
	static const char *const kept[] = {
		"<pre><div class=line>a</pre><p>After.</p>",
		"<article><pre><div>x</div></article><div>y</div>",
		"<pre><div>x</div>",
		"<pre><style>a<b</style></pre>",
		"<pre><style>.a{}</pre>",
	};
	for (size_t k = 0; k < sizeof kept / sizeof kept[0]; k++) {
		source_scan(kept[k], strlen(kept[k]), -1, &sc);
		assert_int_equal(sc.npre, 0);
		source_scan_free(&sc);
	}
	/* a style, the page repaired: still a style to the scan, its text
	 * not the page's */
	static const char styled[] = "<pre><style>.k{}</style>ab</pre>";
	source_scan(styled, sizeof styled - 1, -1, &sc);
	assert_int_equal(sc.npre, 2);
	fixed = source_repair(styled, sizeof styled - 1, &sc, &len);
	source_scan_free(&sc);
	source_scan(fixed, len, -1, &sc);
	assert_int_equal(sc.text, 2);
	source_scan_free(&sc);
	free(fixed);

	struct page pg;
	test_page(&pg, s);
	const struct dom *d = pg.dom;
	struct buf b;
	buf_init(&b);
	for (int i = 0; i < d->n; i++) {
		if (d->depth[i] < 3)
			continue;
		dom_xpath(d, i, &b);
		buf_addc(&b, d->flags[i] & DOM_SKIP ? '-' : ' ');
	}
	assert_string_equal(b.data,
			    "/html/body/div[1]/pre[1] /html/body/div[1]/pre[1]/code[1] "
			    "/html/body/div[1]/pre[1]/code[1]/div[1] "
			    "/html/body/div[1]/pre[1]/code[1]/div[2] "
			    "/html/body/div[1]/pre[1]/code[1]/div[2]/style[1]-"
			    "/html/body/div[2]/pre[1] ");
	buf_free(&b);
	page_free(&pg);
}

/* A heading that holds a block (a div with an "edited" menu in a
 * comment's h3, a paragraph in a teaser's h2) keeps it, as in HTML:
 * libtidy ended the heading at the div, and the end tags after it
 * closed the wrong elements, moving the comment's body and what came
 * after it up a level.  Renamed (as long) before parsing, block-level,
 * and named again in the tree; a heading with no block, one that an
 * element opened before it ends, and a heading in a heading are left
 * as they were. */
static void
test_heading_block(void **state)
{
	(void)state;
	static const char s[] =
		"<div id=a><div id=b><div class=c><H3>x said <div class=m><details>"
		"<summary>edited</summary></details></div></h3><div class=body><p>Body.</p>"
		"</div></div></div><div id=d><p>After.</p></div></div><h2>Plain</h2>";
	struct source_scan sc;
	source_scan(s, sizeof s - 1, -1, &sc);
	assert_int_equal(sc.nheading, 2);
	assert_int_equal(sc.heading_at[0], (size_t)(strstr(s, "H3") - s));
	assert_int_equal(sc.heading_at[1], (size_t)(strstr(s, "h3") - s));
	size_t len;
	char *fixed = source_repair(s, sizeof s - 1, &sc, &len);
	assert_int_equal(len, sizeof s - 1);
	assert_non_null(strstr(fixed, "<z3>x said <div class=m>"));
	assert_non_null(strstr(fixed, "</div></z3><div class=body>"));
	assert_non_null(strstr(fixed, "<h2>Plain</h2>"));
	free(fixed);
	source_scan_free(&sc);
	static const char *const kept[] = {
		"<h3>a <span>b</span></h3>",
		"<div><h3>a<div>b</div></div><h3>c</h3>",
		"<h3>a<div>b</div><h4>c</h4></h3>",
		"<h3>a<div>b</h3>",
		"<h3>a<hr></h3>",
	};
	for (size_t k = 0; k < sizeof kept / sizeof kept[0]; k++) {
		source_scan(kept[k], strlen(kept[k]), -1, &sc);
		assert_int_equal(sc.nheading, 0);
		source_scan_free(&sc);
	}

	struct page pg;
	test_page(&pg, s);
	const struct dom *d = pg.dom;
	struct buf b;
	buf_init(&b);
	for (int i = 0; i < d->n; i++) {
		if (d->depth[i] < 3)
			continue;
		dom_xpath(d, i, &b);
		buf_addc(&b, ' ');
	}
	assert_string_equal(b.data,
			    "/html/body/div[1]/div[1] /html/body/div[1]/div[1]/div[1] "
			    "/html/body/div[1]/div[1]/div[1]/h3[1] "
			    "/html/body/div[1]/div[1]/div[1]/h3[1]/div[1] "
			    "/html/body/div[1]/div[1]/div[1]/h3[1]/div[1]/details[1] "
			    "/html/body/div[1]/div[1]/div[1]/h3[1]/div[1]/details[1]/summary[1] "
			    "/html/body/div[1]/div[1]/div[1]/div[1] "
			    "/html/body/div[1]/div[1]/div[1]/div[1]/p[1] "
			    "/html/body/div[1]/div[2] /html/body/div[1]/div[2]/p[1] ");
	buf_free(&b);
	page_free(&pg);
	struct buf t;
	all_text("<html><body><h2 class=teaser><p>The lead.</p> </h2><p>Body.</p></body></html>",
		 &t);
	assert_string_equal(t.data, "The lead.\nBody.\n");
	buf_free(&t);
}

/* Texts of two elements that meet with no space, a small letter or a
 * digit against a capital (or capitals against a capitalised word), are
 * two boxes of the page's stylesheet and stay apart; a drop capital, a
 * price's digits, an acronym's letters, a possessive and preformatted
 * text stay as they are; Cyrillic as Latin. */
static void
test_case_apart(void **state)
{
	(void)state;
	struct buf t;
	all_text("<html><body>"
		 "<a href=\"/p\"><span>La Sportiva</span><span>Katana Lace</span></a>"
		 "<div><span>In Stock</span><a href=\"/g\">Get it</a></div>"
		 "<p><b>$220</b><span>MSRP</span> and <b>FAQ</b><span>Compare</span></p>"
		 "<p><span>\xd1\x81\xd0\xbb\xd0\xbe\xd0\xb2\xd0\xbe</span>"
		 "<span>\xd0\x94\xd0\xb5\xd0\xbb\xd0\xbe</span></p>"
		 "<p><span class=\"drop\">T</span>his <b>HTML</b>5 <b>NASA</b>'s "
		 "<b>AB</b>CD price<b>20</b> <i>x</i>Y<br>Z</p>"
		 "<pre><span>let</span><span>Value</span></pre>"
		 "</body></html>", &t);
	assert_string_equal(t.data, "La Sportiva Katana Lace\nIn Stock Get it\n"
			    "$220 MSRP and FAQ Compare\n"
			    "\xd1\x81\xd0\xbb\xd0\xbe\xd0\xb2\xd0\xbe \xd0\x94\xd0\xb5\xd0\xbb\xd0\xbe\n"
			    "This HTML5 NASA's ABCD price20 x Y\nZ\n"
			    "letValue\n");
	buf_free(&t);
}

/* A picture, a control or a frame between two words stands between
 * them on the screen: they stay apart; not before punctuation nor
 * after an opening bracket, and a word break opportunity joins. */
static void
test_box_apart(void **state)
{
	(void)state;
	struct buf t;
	all_text("<html><body><p>foo<img src=\"x.png\">bar, baz<input type=checkbox>qux, "
		 "one<svg><path d=\"M0\"/></svg>two, c<iframe src=\"f\"></iframe>d, "
		 "(<img src=\"i\">x<img src=\"i\">), "
		 "a<wbr>b</p></body></html>", &t);
	assert_string_equal(t.data, "foo bar, baz qux, one two, c d, (x), ab\n");
	buf_free(&t);
}

/* libtidy takes a meta or a link in the body for the head's and ends
 * the paragraph, heading, pre or inline element that holds it, the rest
 * of its text going on outside; HTML leaves it in place (microdata).
 * Those after the body's start tag are renamed (as long) before parsing,
 * as empty inline elements, and named again in the tree; the head's stay.
 * libtidy drops the white space around them: where the page had some
 * before or after one (the _SPACED names), the next text is set apart. */
static void
test_body_meta(void **state)
{
	(void)state;
	static const char s[] =
		"<html><head><meta charset=utf-8><link rel=icon href=i.png></head><body>"
		"<h3><meta charSet=\"UTF-8\"/>Basic cues</h3>"
		"<p>voted <meta itemprop=\"a\" content=\"1\">to repair it</p>"
		"<p>price<link itemprop=\"c\" href=\"/usd\">20</p></body></html>";
	struct source_scan sc;
	source_scan(s, sizeof s - 1, -1, &sc);
	assert_int_equal(sc.nmeta, 3);
	assert_int_equal(sc.meta_at[0], (size_t)(strstr(s, "meta charSet") - s));
	size_t len;
	char *fixed = source_repair(s, sizeof s - 1, &sc, &len);
	assert_int_equal(len, sizeof s - 1);
	assert_non_null(strstr(fixed, "<head><meta charset=utf-8><link rel=icon"));
	assert_non_null(strstr(fixed, "<h3><m_ta charSet=\"UTF-8\"/>Basic cues</h3>"
				      "<p>voted <m-ta itemprop=\"a\" content=\"1\">to repair it</p>"
				      "<p>price<l_nk itemprop=\"c\" href=\"/usd\">20</p>"));
	free(fixed);
	source_scan_free(&sc);

	struct buf t;
	all_text(s, &t);
	assert_string_equal(t.data, "Basic cues\nvoted to repair it\nprice20\n");
	buf_free(&t);
	/* a style in the body likewise (renamed as in a pre, its text kept
	 * for libtidy): the paragraph and heading hold on, and the words
	 * around one stay apart, where a word follows it (two buttons, CSS
	 * in JS between them), not a full stop; one holding a '<' is left
	 * as it was */
	static const char styled[] =
		"<html><head><style>p{}</style></head><body><p>Pour the <style>.a{}</style>"
		"gel on</p><h2>Fire <style>.b{}</style> pit</h2><div>in <style>.c{}</style> div</div>"
		"<p>Try it <a href=\"/t\">free</a><style>.d{}</style><a href=\"/b\">Book</a></p>"
		"<p>Install Python<style>.e{}</style>.</p>"
		"<p>x <style>a<b</style> y</p></body></html>";
	source_scan(styled, sizeof styled - 1, -1, &sc);
	assert_int_equal(sc.npre, 10);
	/* blanked: the head's style and the one holding a '<'; the renamed kept */
	assert_int_equal(sc.nblank, 2);
	fixed = source_repair(styled, sizeof styled - 1, &sc, &len);
	assert_non_null(strstr(fixed, "<head><style>p{}</style></head><body><p>Pour the <s_yle>.a{}</s_yle>"));
	assert_non_null(strstr(fixed, "<p>x <style>a<b</style> y</p>"));
	free(fixed);
	source_scan_free(&sc);
	all_text(styled, &t);
	assert_string_equal(t.data, "Pour the gel on\nFire pit\nin div\nTry it free Book\n"
			    "Install Python.\nx\ny\n");
	buf_free(&t);
	struct page pg;
	test_page(&pg, s);
	const struct dom *d = pg.dom;
	struct buf b;
	buf_init(&b);
	for (int i = 0; i < d->n; i++)
		if (!strcmp(dom_tagname(d, i), "meta") || !strcmp(dom_tagname(d, i), "link")) {
			dom_xpath(d, i, &b);
			buf_addc(&b, ' ');
		}
	assert_string_equal(b.data, "/html/head/meta[1] /html/head/link[1] /html/body/h3[1]/meta[1] "
			    "/html/body/p[1]/meta[1] /html/body/p[2]/link[1] ");
	/* its attributes are the page's */
	int m = -1;
	for (int i = 0; i < d->n && m < 0; i++)
		if (!strcmp(dom_tagname(d, i), "meta") && !strcmp(dom_tagname(d, d->parent[i]), "p"))
			m = i;
	assert_true(m >= 0);
	assert_string_equal(dom_attr(d, m, "itemprop"), "a");
	assert_string_equal(dom_attr(d, m, "content"), "1");
	buf_free(&b);
	page_free(&pg);
}

static void
test_xpath_and_attrs(void **state)
{
	(void)state;
	struct page pg;
	test_page(&pg, page1);
	const struct dom *d = pg.dom;
	struct buf b;
	buf_init(&b);
	dom_xpath(d, 12, &b);
	assert_string_equal(b.data, "/html/body/div[2]/p[2]/br[1]");
	b.len = 0;
	dom_xpath(d, 7, &b);
	assert_string_equal(b.data, "/html/body/div[1]/a[2]");
	b.len = 0;
	dom_xpath(d, 0, &b);
	assert_string_equal(b.data, "/html");
	buf_free(&b);
	assert_string_equal(dom_attr(d, 8, "id"), "main");
	assert_string_equal(dom_attr(d, 6, "HREF"), "/a");
	assert_null(dom_attr(d, 7, "href"));
	assert_int_equal(dom_tag_id(d, "p"), d->tag[9]);
	assert_int_equal(dom_tag_id(d, "table"), -1);
	page_free(&pg);
}

static void
test_nesting_depth(void **state)
{
	(void)state;
	assert_int_equal(dom_nesting_depth("<div><div></div></div>", 22), 2);
	/* p and li may be left open (a new one ends the last: ul > li);
	 * void elements never nest */
	const char *s = "<ul><li>a<li>b<li>c</ul><p>x<p>y<br><img src=x>";
	assert_int_equal(dom_nesting_depth(s, strlen(s)), 2);
	/* a lone cell gets a table and a row from tidy: table > tr > td */
	s = "<td>a<td>b<td>c";
	assert_int_equal(dom_nesting_depth(s, strlen(s)), 3);
	/* ... and inside a block in a cell, another table */
	s = "<td><div><td><div>x";
	assert_int_equal(dom_nesting_depth(s, strlen(s)), 8);
	/* title and textarea hold text for a browser, but tidy ends them
	 * at the first tag: the divs after them nest */
	s = "<title><div><div><div>";
	assert_int_equal(dom_nesting_depth(s, strlen(s)), 3);
	s = "<textarea><div><div>";
	assert_int_equal(dom_nesting_depth(s, strlen(s)), 2);
	/* an end tag that closes nothing does not end the div */
	s = "<div></i><div></i><div></i>";
	assert_int_equal(dom_nesting_depth(s, strlen(s)), 3);
	/* nor does an inline end tag across a block (b div b div, and the
	 * open b that tidy copies into the last div) */
	s = "<b><div></b><b><div></b>";
	assert_int_equal(dom_nesting_depth(s, strlen(s)), 5);
	/* an inline end tag closes its element, not the inline ones in it */
	s = "<u><i></u><u><i></u>";
	assert_int_equal(dom_nesting_depth(s, strlen(s)), 3);
	/* an end tag does not reach out of a table: tidy nests the centers
	 * (center table tr td center table tr td) */
	s = "<center><table><tr><td></center><center><table><tr><td></center>";
	assert_int_equal(dom_nesting_depth(s, strlen(s)), 8);
	/* marquee is inline to tidy: its end tag does not close the div
	 * (marquee div marquee div, and the marquee copied into it) */
	s = "<marquee><div>x</marquee><marquee><div>x</marquee>";
	assert_int_equal(dom_nesting_depth(s, strlen(s)), 5);
	/* a block end tag closes what is open inside it */
	s = "<div><span><b></div><div><span></div>";
	assert_int_equal(dom_nesting_depth(s, strlen(s)), 3);
	/* a whole custom tag name and its attributes are one tag */
	s = "<my-element data-x=\"<div>\"><div></div></my-element>";
	assert_int_equal(dom_nesting_depth(s, strlen(s)), 2);
	/* markup inside comments and scripts does not count */
	s = "<!-- <div><div> --><script>'<div><div>'</script><span></span>";
	assert_int_equal(dom_nesting_depth(s, strlen(s)), 1);
	/* an unclosed comment runs to the end */
	s = "<div><!-- <div><div>";
	assert_int_equal(dom_nesting_depth(s, strlen(s)), 1);
}

static void
test_depth_limit(void **state)
{
	(void)state;
	struct buf b;
	buf_init(&b);
	for (int i = 0; i < 6000; i++)
		buf_adds(&b, "<div>");
	buf_adds(&b, "deep");
	struct dom_opts o;
	dom_opts_default(&o);
	struct dom *d = NULL;
	char err[256];
	assert_int_equal(dom_parse(b.data, b.len, &o, &d, err, sizeof err), -1);
	assert_null(d);
	assert_string_equal(err, "elements nested 6000 deep, over the limit of 5000 (--max-depth)");
	o.max_depth = 6000;
	assert_int_equal(dom_parse(b.data, b.len, &o, &d, err, sizeof err), 0);
	assert_int_equal(d->n, 6004); /* html head title body + 6000 divs: tidy adds a title */
	assert_int_equal(d->depth[d->n - 1], 6001);
	dom_free(d);
	buf_free(&b);
}

/* dom_parse(s) refuses with want, or parses when want is NULL */
static void
check_parse(const struct buf *b, const char *want)
{
	struct dom_opts o;
	dom_opts_default(&o);
	struct dom *d = NULL;
	char err[256] = "";
	int rc = dom_parse(b->data, b->len, &o, &d, err, sizeof err);
	if (want) {
		assert_int_equal(rc, -1);
		assert_null(d);
		assert_string_equal(err, want);
	} else {
		assert_int_equal(rc, 0);
		assert_non_null(d);
	}
	dom_free(d);
}

static void
repeat(struct buf *b, const char *s, int n)
{
	for (int i = 0; i < n; i++)
		buf_adds(b, s);
}

/* What libtidy cannot do in linear time is refused before it runs. */
static void
test_costly_markup(void **state)
{
	(void)state;
	struct buf b;
	buf_init(&b);
	/* tidy checks an attribute name in time quadratic in its length:
	 * 70 000^2 is over 2^32, 60 000^2 is not */
	buf_adds(&b, "<div ");
	repeat(&b, "a", 70000);
	buf_adds(&b, ">x</div>");
	check_parse(&b, "attribute names too long for the HTML parser (the longest has 70000 bytes)");
	b.len = 0;
	buf_adds(&b, "<div ");
	repeat(&b, "a", 60000);
	buf_adds(&b, ">x</div>");
	check_parse(&b, NULL);
	/* tidy walks the open elements at every tag: 4000 divs (0 + 1 +
	 * ... + 3999 = 7 998 000) then 20 000 end tags 4000 deep */
	b.len = 0;
	repeat(&b, "<div>", 4000);
	repeat(&b, "</i>", 20000);
	check_parse(&b, "too many tags inside deep nesting (87998000 open elements "
		    "walked by the HTML parser, over the limit of 50000000)");
	b.len = 0;
	repeat(&b, "<div>", 4000);
	repeat(&b, "</i>", 2000);
	check_parse(&b, NULL);
	/* 800 open fonts copied into each of 700 paragraphs */
	b.len = 0;
	repeat(&b, "<font>", 800);
	repeat(&b, "<p>x", 700);
	check_parse(&b, "unclosed formatting elements the HTML parser would copy "
		    "560000 times, over the limit of 200000");
	/* tidy looks each new custom element name up along the list of
	 * those it declared: 2001 names are refused, 2000 parsed; names that
	 * share their first 8 bytes are told apart */
	b.len = 0;
	for (int i = 0; i < 2001; i++)
		buf_printf(&b, "<x-custom-element-%d></x-custom-element-%d>", i, i);
	check_parse(&b, "2001 different custom element names, over the limit of 2000");
	b.len = 0;
	for (int i = 0; i < 2000; i++)
		buf_printf(&b, "<x-a%d>y</x-a%d>", i, i);
	check_parse(&b, NULL);
	/* two million elements, and one more (void, so none nests) */
	b.len = 0;
	repeat(&b, "<br>", 2000001);
	check_parse(&b, "2000001 elements, over the limit of 2000000");
	/* other formatting elements are copied once each, whatever their
	 * number: 800 b and 700 paragraphs are fine */
	b.len = 0;
	repeat(&b, "<b>", 800);
	repeat(&b, "<p>x", 700);
	check_parse(&b, NULL);
	buf_free(&b);
}

/* A page whose text stands in <noscript> (an application's shell) is
 * read as a browser with scripting off shows it; a page with text of its
 * own, not hidden by its markup, keeps its <noscript> out. */
static void
test_noscript_page(void **state)
{
	(void)state;
	struct buf b;
	buf_init(&b);
	buf_adds(&b, "<html><head><noscript><style>p{}</style></noscript></head><body>"
		 "<div id=app>Loading</div><noscript><h1>Ferry thread</h1>");
	/* characters that are not white space: 7 outside ("Loading"),
	 * 11 + 30 * 7 = 221 inside */
	for (int i = 0; i < 30; i++)
		buf_adds(&b, "<p>Reply 12</p>");
	buf_adds(&b, "<script>var x = 1;</script></noscript></body></html>");
	struct page pg;
	test_page(&pg, b.data);
	const struct dom *d = pg.dom;
	assert_int_equal(d->noscript_read, 11 + 30 * 7);
	assert_int_equal(d->noscript_shown, 7);
	int ns = dom_tag_id(d, "noscript"), script = dom_tag_id(d, "script");
	for (int i = 0; i < d->n; i++) {
		if (d->tag[i] == ns && d->parent[i] == d->body)
			assert_false(d->flags[i] & DOM_SKIP);
		if (d->tag[i] == script)
			assert_true(d->flags[i] & DOM_SKIP);
	}
	/* the parser's count stays the source's: <noscript> not in it */
	assert_int_equal(d->tree_text, 7);
	page_free(&pg);

	/* 26 characters outside against 221: more than a tenth */
	b.len = 0;
	buf_adds(&b, "<html><body><div id=app>Loading the thread, please wait</div><noscript>"
		 "<h1>Ferry thread</h1>");
	for (int i = 0; i < 30; i++)
		buf_adds(&b, "<p>Reply 12</p>");
	buf_adds(&b, "</noscript></body></html>");
	test_page(&pg, b.data);
	assert_int_equal(pg.dom->noscript_read, 0);
	for (int i = 0; i < pg.dom->n; i++)
		if (pg.dom->tag[i] == dom_tag_id(pg.dom, "noscript"))
			assert_true(pg.dom->flags[i] & DOM_SKIP);
	page_free(&pg);

	/* the same message and an error, hidden till the scripts show
	 * them (Flarum's shell), are not shown: 7 characters outside
	 * ("Ferries") against 221; read so, the page leaves them out */
	b.len = 0;
	buf_adds(&b, "<html><body><header>Ferries</header>"
		 "<div id=loading style=\"color: red; display: none\">Loading the thread, please wait</div>"
		 "<div id=error hidden><div><p>Something went wrong.</p></div></div><noscript>"
		 "<h1>Ferry thread</h1>");
	for (int i = 0; i < 30; i++)
		buf_adds(&b, "<p>Reply 12</p>");
	buf_adds(&b, "</noscript></body></html>");
	test_page(&pg, b.data);
	assert_int_equal(pg.dom->noscript_read, 11 + 30 * 7);
	assert_int_equal(pg.dom->noscript_shown, 7);
	/* and the page so read leaves them out, the noscript's text in */
	struct buf shown = { 0 };
	for (int t = 0; t < pg.dom->ntexts; t++)
		if (!(pg.dom->texts[t].flags & (TEXT_SKIP | TEXT_BREAK)) && pg.dom->texts[t].len) {
			buf_add(&shown, dom_text(pg.dom, t), pg.dom->texts[t].len);
			buf_addc(&shown, '|');
		}
	struct buf want = { 0 };
	buf_adds(&want, "Ferries|Ferry thread|");
	for (int i = 0; i < 30; i++)
		buf_adds(&want, "Reply 12|");
	assert_string_equal(shown.data, want.data);
	buf_free(&want);
	/* the tree's count has their text: nothing lost */
	assert_int_equal(pg.dom->tree_text, pg.dom->source_text);
	buf_free(&shown);
	page_free(&pg);
	buf_free(&b);
}

/* An svg's title and desc name the drawing for a screen reader and are
 * never shown: skipped, as the head's title is (being in the head). */
static void
test_svg_title(void **state)
{
	(void)state;
	struct page pg;
	test_page(&pg, "<html><head><title>Kirkton harbour</title></head><body><h1>"
		  "<svg><title>Artboard</title><desc>Created with Sketch.</desc>"
		  "<g><title>Layer 1</title><path d=\"M0 0\"/></g></svg>Harbour news</h1>"
		  "</body></html>");
	const struct dom *d = pg.dom;
	int title = dom_tag_id(d, "title"), desc = dom_tag_id(d, "desc");
	int skipped = 0;
	for (int i = 0; i < d->n; i++)
		if ((d->tag[i] == title || d->tag[i] == desc) && d->flags[i] & DOM_SKIP)
			skipped++;
	/* the head's, the svg's two titles and its desc */
	assert_int_equal(skipped, 4);
	/* "Harbour news" outside the head: 11 characters */
	assert_int_equal(d->tree_text, 11);
	page_free(&pg);
}

/* A dialog over the page is never text, nor text the parser lost: a
 * modal banner, an alertdialog, a closed dialog element and a popover
 * are skipped with all they hold; a modeless sheet (aria-modal="false")
 * and an open dialog element are the page's. */
static void
test_dialog(void **state)
{
	(void)state;
	struct page pg;
	test_page(&pg, "<html><body><p>Harbour news</p>"
		  "<div role=\"dialog\" aria-modal=\"true\"><p>We use <b>cookies</b></p>"
		  "<script>var consent = 1;</script><button><svg><title>Close</title></svg>"
		  "</button></div>"
		  "<div role=\"alertdialog\"><p>Accept all</p></div>"
		  "<div role=\"dialog\" aria-modal=\"false\"><p>Sizes</p></div>"
		  "<dialog><p>Sign up</p></dialog>"
		  "<dialog open><p>Tide</p></dialog>"
		  "<div popover id=\"app\"><p>Install</p></div></body></html>");
	const struct dom *d = pg.dom;
	int dialogs = 0, inside = 0;
	for (int i = 0; i < d->n; i++) {
		dialogs += dom_dialog(d, i) != NULL;
		inside += (d->flags[i] & (DOM_SKIP | DOM_DIALOG)) == (DOM_SKIP | DOM_DIALOG);
	}
	/* the banner, the alertdialog, the closed dialog element, the
	 * popover */
	assert_int_equal(dialogs, 4);
	assert_string_equal(dom_dialog(d, test_by_id(&pg, "app")),
			    "the popover attribute");
	/* those four, their four p, the b, the button and the svg; not the
	 * script or the title */
	assert_int_equal(inside, 11);
	/* "Harbournews" 11, "Sizes" 5, "Tide" 4 of the tree's text; the
	 * dialogs' "Weusecookies" 12, "Acceptall" 9, "Signup" 6, "Install" 7
	 * counted as the tree's, not lost: 54 (the script and the svg's
	 * title in the banner count nowhere, as no reader shows them) */
	assert_int_equal(d->tree_text, 54);
	assert_int_equal(d->source_text, 54);
	long shown = 0;
	for (int t = 0; t < d->ntexts; t++)
		if (!(d->texts[t].flags & TEXT_SKIP))
			shown += (long)d->texts[t].len;
	/* "Harbour news" 12, "Sizes" 5, "Tide" 4 */
	assert_int_equal(shown, 21);
	page_free(&pg);
}

/* Text for screen readers alone: a class token of the list, in any case,
 * among others; not a longer token holding one (sr-only-focusable alone,
 * not-sr-only).  It and all it holds are never text, and count as the
 * tree's text, not as text the parser lost. */
static void
test_screen_reader(void **state)
{
	(void)state;
	struct page pg;
	test_page(&pg, "<html><body><p id=\"p\">Price \u00a312<span id=\"a\" class=\"x SR-Only\"> "
		  "twelve <b id=\"b\">pounds</b></span></p><a id=\"c\" class=\"sr-only-focusable\" "
		  "href=\"#m\">Skip</a><span id=\"d\" class=\"not-sr-only\">Menu</span>"
		  "<h1 id=\"e\" class=\"screen-reader-text\">Prices</h1></body></html>");
	const struct dom *d = pg.dom;
	assert_string_equal(dom_screen_reader(d, test_by_id(&pg, "a")), "sr-only");
	assert_null(dom_screen_reader(d, test_by_id(&pg, "b")));
	assert_true(dom_for_screen_readers(d, test_by_id(&pg, "b")));
	assert_null(dom_screen_reader(d, test_by_id(&pg, "c")));
	assert_null(dom_screen_reader(d, test_by_id(&pg, "d")));
	assert_false(dom_for_screen_readers(d, test_by_id(&pg, "p")));
	assert_string_equal(dom_screen_reader(d, test_by_id(&pg, "e")), "screen-reader-text");
	struct buf shown = { 0 };
	for (int t = 0; t < d->ntexts; t++)
		if (!(d->texts[t].flags & TEXT_SKIP))
			buf_add(&shown, dom_text(d, t), d->texts[t].len);
	buf_addc(&shown, '\0');
	/* the parser moves the span's leading space before it */
	assert_string_equal(shown.data, "Price \u00a312 SkipMenu");
	/* "Price" 5, "\u00a312" 3, "Skip" 4, "Menu" 4; "twelve" 6,
	 * "pounds" 6, "Prices" 6 */
	assert_int_equal(d->tree_text, 34);
	assert_int_equal(d->source_text, 34);
	buf_free(&shown);
	page_free(&pg);
}

/* The tree's text as a reader reads it: every text node not left out,
 * one after another, into b (initialised here; "" for none, not NULL). */
static void
read_text(const struct dom *d, struct buf *b)
{
	buf_init(b);
	buf_addc(b, '\0');
	b->len = 0;
	for (int t = 0; t < d->ntexts; t++)
		if (!(d->texts[t].flags & TEXT_SKIP))
			buf_add(b, dom_text(d, t), d->texts[t].len);
}

/* A heading's permalink ("¶", "#", "§", a zero-width space, an icon
 * font's glyph linking to the heading) is never text: its mark would
 * glue itself to the heading.  A footnote's number, a mark linking to
 * another page and a link of more than the mark (in its text or in an
 * element after it) stay. */
static void
test_permalink(void **state)
{
	(void)state;
	struct page pg;
	test_page(&pg, "<html><body>"
		  "<h2 id=\"m\">Middleware<a class=\"headerlink\" href=\"#m\">\u00b6</a></h2>"
		  "<h3>Cache<a href=\"#c\"> # </a></h3>"
		  "<h4 id=\"z\">Setup<a class=\"hash-link\" href=\"#z\">\u200b</a></h4>"
		  "<h5 id=\"r\">Reload<a class=\"headerlink\" href=\"#r\">\uf0c1</a></h5>"
		  "<p>Tide<a href=\"#fn1\">1</a> <a href=\"/page\">\u00b6</a> "
		  "<a href=\"#s3\">\u00a7 3</a> <a href=\"#c12\">\u00a7<b>12</b></a> "
		  "<a href=\"/x\">\uf0c1</a> <a href=\"#w\">\uf8ff\uf8ff</a> <a href=\"#v\">\uf900</a></p>"
		  "</body></html>");
	const struct dom *d = pg.dom;
	int marks = 0, skipped = 0;
	for (int i = 0; i < d->n; i++) {
		if (dom_permalink(d, i)) {
			marks++;
			assert_true(d->flags[i] & DOM_SKIP);
			assert_string_equal(dom_permalink(d, i),
					    marks == 1   ? "#m"
					    : marks == 2 ? "#c"
					    : marks == 3 ? "#z"
							 : "#r");
		}
		skipped += (d->flags[i] & DOM_SKIP) && !strcmp(dom_tagname(d, i), "a");
	}
	assert_int_equal(marks, 4);
	/* not the link whose mark a number follows ("§12"), nor two glyphs
	 * or a code point past the Private Use Area (U+F900, a CJK
	 * compatibility ideograph) */
	assert_int_equal(skipped, 4);
	/* the tree's text as read: no mark, the other links' text kept */
	struct buf b;
	read_text(d, &b);
	/* (the parser moves the space before "#" out of its link) */
	assert_string_equal(b.data, "MiddlewareCache SetupReloadTide1 \u00b6 \u00a7 3 \u00a712 "
				    "\uf0c1 \uf8ff\uf8ff \uf900");
	buf_free(&b);
	/* the marks are the tree's, not lost: "Middleware¶" 11 + "Cache#"
	 * 6 + "Setup" and the zero-width space 6 + "Reload" and its glyph
	 * 7 + "Tide1¶§3§12" 11 + the four glyphs after it 4 */
	assert_int_equal(d->tree_text, 45);
	assert_int_equal(d->source_text, 45);
	page_free(&pg);
}

/* Doxygen's mark before each member's title, "◆" and a no-break space
 * (&#160;) in a link to the member's anchor, is a permalink's too; a
 * "◆" with a word after it in its link stays. */
static void
test_permalink_diamond(void **state)
{
	(void)state;
	struct page pg;
	test_page(&pg, "<html><body>"
		  "<a id=\"a1\" name=\"a1\"></a><h2 class=\"memtitle\"><span class=\"permalink\">"
		  "<a href=\"#a1\">\u25c6&#160;</a></span>poll()</h2>"
		  "<p><a href=\"#a2\">\u25c6 next</a></p>"
		  "</body></html>");
	const struct dom *d = pg.dom;
	int marks = 0;
	for (int i = 0; i < d->n; i++)
		if (dom_permalink(d, i)) {
			marks++;
			assert_string_equal(dom_permalink(d, i), "#a1");
		}
	assert_int_equal(marks, 1);
	struct buf b;
	read_text(d, &b);
	assert_string_equal(b.data, "poll()\u25c6 next");
	buf_free(&b);
	page_free(&pg);
}

/* A heading's button whose one text is a permalink's mark (a "copy
 * link" button, drawn as the mark) is no text either; a button of a
 * mark outside a heading, or of more than the mark, stays. */
static void
test_permalink_button(void **state)
{
	(void)state;
	struct page pg;
	test_page(&pg, "<html><body>"
		  "<h2 id=\"v\">Volunteers <button class=\"copy-link\" data-link=\"/e#v\">"
		  "\U0001f517</button></h2>"
		  "<h3>Rota<span><button>\u00a7</button></span></h3>"
		  "<h4>Tea <button>\U0001f517 Copy</button></h4>"
		  "<p>Tide <button>#</button></p>"
		  "</body></html>");
	const struct dom *d = pg.dom;
	int skipped = 0;
	for (int i = 0; i < d->n; i++) {
		assert_null(dom_permalink(d, i));
		skipped += (d->flags[i] & DOM_SKIP) && !strcmp(dom_tagname(d, i), "button");
	}
	assert_int_equal(skipped, 2);
	struct buf b;
	read_text(d, &b);
	assert_string_equal(b.data, "Volunteers RotaTea \U0001f517 CopyTide #");
	buf_free(&b);
	/* the marks are the tree's, not lost: "Volunteers🔗" 11 + "Rota§"
	 * 5 + "Tea🔗Copy" 8 + "Tide#" 5 */
	assert_int_equal(d->tree_text, 29);
	assert_int_equal(d->source_text, 29);
	page_free(&pg);
}

/* A link to the page's top is no text: to an empty element before any
 * text (a#start), to the body by its id, to "#top" where nothing is so
 * named, or to an element named "top" that begins the page.  A link to a
 * heading, to a name only a meta has ("description"), or to the top with
 * more than 16 characters of text stays. */
static void
test_top_links(void **state)
{
	(void)state;
	static const struct {
		const char *html, *text;
		int links;      /* the links left out */
	} cases[] = {
		{ "<html><head><meta name=\"description\" content=\"x\"></head><body id=\"page\">"
		  "<a id=\"start\"></a><h2 id=\"n\">NAME <a href=\"#start\">top</a></h2>"
		  "<p>ls <a href=\"#n\">lists</a> <a href=\"#description\">files</a>.</p>"
		  "<p><a href=\"#page\">\u2191 Back to top</a> <a href=\"#top\">top</a> "
		  "<a href=\"#start\">Back to the top of this page</a></p></body></html>",
		  "NAME ls lists files.  Back to the top of this page", 3 },
		{ "<html><body><div id=\"top\"><h1>Tide</h1><p>High at noon. "
		  "<a href=\"#top\">Top</a></p></div></body></html>",
		  "TideHigh at noon. ", 1 },
	};
	for (size_t k = 0; k < sizeof cases / sizeof *cases; k++) {
		struct page pg;
		test_page(&pg, cases[k].html);
		const struct dom *d = pg.dom;
		struct buf b;
		read_text(d, &b);
		assert_string_equal(b.data, cases[k].text);
		buf_free(&b);
		int links = 0;
		for (int i = 0; i < d->n; i++)
			links += !strcmp(dom_tagname(d, i), "a") && d->flags[i] & DOM_SKIP;
		assert_int_equal(links, cases[k].links);
		/* the links' text is the tree's, not lost */
		assert_int_equal(d->tree_text, d->source_text);
		page_free(&pg);
	}
}

/* A code block's label, the language the block names (dom_code_lang),
 * beside the pre (VitePress: span.lang in div.language-c; MDN: a
 * div.example-header beside pre.brush: js), is left out, case aside;
 * not a label that names another language, one of two texts, one
 * beside no pre, a highlighter's "none", which names none, nor one three
 * elements before the pre. */
static void
test_code_label(void **state)
{
	(void)state;
	struct page pg;
	test_page(&pg, "<html><body>"
		  "<div class=\"language-c vp-adaptive-theme\"><button class=\"copy\"></button>"
		  "<span class=\"lang\"> C </span><pre><code>int x;</code></pre></div>"
		  "<div><span>sh</span><pre class=\"shiki lang-sh\">ls</pre></div>"
		  "<div class=\"code\"><div class=\"head\"><b>py</b></div><pre><code "
		  "class=\"language-py\">pass</code></pre></div>"
		  "<div class=\"language-c\"><span>go</span><pre>x</pre></div>"
		  "<div class=\"language-c\"><span>c <b>c</b></span><pre>y</pre></div>"
		  "<div class=\"language-c\"><span>c</span><p>c</p></div>"
		  "<div class=\"code-example\"><div class=\"example-header\"><span "
		  "class=\"language-name\">js</span></div><pre class=\"brush: js notranslate\">"
		  "<code>z</code></pre></div>"
		  "<div class=\"language-none\"><span>none</span><pre>w</pre></div>"
		  "<div class=\"language-c\"><span>c</span><i>a</i><i>b</i><pre>v</pre></div>"
		  "</body></html>");
	const struct dom *d = pg.dom;
	struct buf b;
	buf_init(&b);
	for (int t = 0; t < d->ntexts; t++)
		if (!(d->texts[t].flags & TEXT_SKIP)) {
			buf_add(&b, dom_text(d, t), d->texts[t].len);
			buf_addc(&b, '|');
		}
	/* (the parser moves the space before "C" out of its span) */
	assert_string_equal(b.data, " |int x;|ls|pass|go|x|c |c|y|c|c|z|none|w|c|a|b|v|");
	buf_free(&b);
	/* the labels are the tree's, not lost: " C " 3, "sh" 2, "py" 2 */
	assert_int_equal(d->tree_text, d->source_text);
	page_free(&pg);
}

/* A heading's link to itself (href "#X" where X is the heading's id,
 * its parent's, or the link's own id or name) is no link: the heading
 * is a section's, not a menu's.  So is any link whose href ends in "#X"
 * where X is its own id or name, after the page's address too, around a
 * heading as well as in one ("/guide#k" around "Keys").  A heading
 * linking elsewhere in the page, a link to another page's place of
 * another name and a paragraph's link to a heading stay links; a
 * permalink's mark in a heading that links to itself is still skipped. */
static void
test_self_anchor(void **state)
{
	(void)state;
	struct page pg;
	test_page(&pg, "<html><body><section id=\"s\"><h2><a href=\"#s\">Setup</a></h2>"
		  "<h2 id=\"u\"><a href=\"#u\"><code>use()</code></a></h2>"
		  "<h3><a id=\"n\" href=\"#n\">Notes</a></h3>"
		  "<h3 id=\"x\"><a href=\"#y\">Other</a></h3>"
		  "<h4 id=\"m\">Mark<a href=\"#m\">\u00b6</a></h4>"
		  "<a href=\"/guide#k\" id=\"k\"><h2>Keys</h2></a>"
		  "<a href=\"/guide#z\" id=\"k2\"><h2>Elsewhere</h2></a>"
		  "<p><a href=\"#u\">see use()</a></p></section></body></html>");
	const struct dom *d = pg.dom;
	struct buf links, plain;
	buf_init(&links);
	buf_init(&plain);
	int nlinks = 0;
	for (int i = 0; i < d->n; i++)
		nlinks += (d->flags[i] & DOM_LINK) != 0;
	for (int t = 0; t < d->ntexts; t++) {
		if (d->texts[t].flags & TEXT_SKIP)
			continue;
		struct buf *to = d->texts[t].flags & TEXT_LINK ? &links : &plain;
		buf_add(to, dom_text(d, t), d->texts[t].len);
		buf_add(to, "|", 1);
	}
	assert_int_equal(nlinks, 3);
	assert_string_equal(links.data, "Other|Elsewhere|see use()|");
	assert_string_equal(plain.data, "Setup|use()|Notes|Mark|Keys|");
	buf_free(&links);
	buf_free(&plain);
	page_free(&pg);
}

/* The hidden attribute means hidden, but on a segment a React server
 * streams (a hidden div "S:N" on a page with a template "B:N" or "P:N"
 * holding a segment's place: the numbers differ, the script pairs them)
 * and on a panel the page opens on demand.  Without a template, or with
 * an id of another shape, hidden. */
/* Per div of d in document order, "p" where it is a panel, else "0". */
static void
panels(const struct dom *d, char *got)
{
	got[0] = '\0';
	for (int i = 0; i < d->n; i++)
		if (!strcmp(dom_tagname(d, i), "div"))
			strcat(got, (d->flags[i] & DOM_PANEL) ? "p" : "0");
}

static void
test_streamed_segment(void **state)
{
	(void)state;
	struct page pg;
	test_page(&pg, "<html><body><template id=\"B:0\"></template>"
		  "<div hidden id=\"S:1\"><p>Shown</p></div>"
		  "<div hidden id=\"S:1a\"><p>Shown too</p></div>"
		  "<div hidden id=\"S:x\"><p>Not a segment</p></div>"
		  "<div hidden><p>Hidden</p></div><div><p>Plain</p></div></body></html>");
	const struct dom *d = pg.dom;
	char got[64] = "";
	for (int i = 0; i < d->n; i++)
		if (!strcmp(dom_tagname(d, i), "div"))
			strcat(got, dom_hidden_attr(d, i) ? "1" : "0");
	assert_string_equal(got, "00110");
	page_free(&pg);
	/* no template holds a place: a segment's id alone says nothing */
	test_page(&pg, "<html><body><div hidden id=\"S:0\"><p>Hidden</p></div>"
		  "<template id=\"Q:0\"></template></body></html>");
	d = pg.dom;
	got[0] = '\0';
	for (int i = 0; i < d->n; i++)
		if (!strcmp(dom_tagname(d, i), "div"))
			strcat(got, dom_hidden_attr(d, i) ? "1" : "0");
	assert_string_equal(got, "1");
	page_free(&pg);
	/* a panel opened on demand: named by an aria-controls (before or
	 * after it, among other ids) or a tab panel */
	test_page(&pg, "<html><body><div id=\"a\" hidden><p>A</p></div>"
		  "<button aria-controls=\" b  a\">Open</button>"
		  "<div id=\"b\" hidden><p>B</p></div><div id=\"ab\" hidden><p>AB</p></div>"
		  "<div role=\"TabPanel\" hidden><p>T</p></div></body></html>");
	d = pg.dom;
	got[0] = '\0';
	for (int i = 0; i < d->n; i++)
		if (!strcmp(dom_tagname(d, i), "div"))
			strcat(got, dom_hidden_attr(d, i) ? "1" : (d->flags[i] & DOM_PANEL) ? "p" : "0");
	assert_string_equal(got, "pp1p");
	page_free(&pg);
	/* an accordion's collapse around the region its button controls,
	 * the region its only element (two levels: a wrapper in between
	 * too), is shown with it; a wrapper that holds more is not */
	test_page(&pg, "<html><body><button aria-controls=\"r1 r2 r3\">Open</button>"
		  "<div style=\"display:none\"><div role=\"region\" id=\"r1\"><p>A</p></div></div>"
		  "<div style=\"display:none\"><div><div id=\"r2\"><p>B</p></div></div></div>"
		  "<div style=\"display:none\"><p>Other</p><div id=\"r3\"><p>C</p></div></div>"
		  "<div style=\"display:none\"><div><div><div id=\"r4\"><p>D</p></div></div></div>"
		  "</div><button aria-controls=\"r4\">More</button></body></html>");
	panels(pg.dom, got);
	/* (the fourth: three wrappers, the outermost three levels up) */
	assert_string_equal(got, "ppppp0p0ppp");
	page_free(&pg);
	/* a question's answer hidden until it is clicked, by style or the
	 * attribute, is shown on demand; another hidden box is hidden */
	test_page(&pg, "<html><body><h3>Is it waterproof?</h3>"
		  "<div class=\"faq__answer\" style=\"display: none;\"><p>Yes.</p></div>"
		  "<div class=\"Answer-Body\" hidden><p>Yes.</p></div>"
		  "<div class=\"answer\"><p>Shown.</p></div>"
		  "<div class=\"promo\" style=\"display:none\"><p>Sale.</p></div></body></html>");
	panels(pg.dom, got);
	assert_string_equal(got, "pp00");
	page_free(&pg);
}

/* The main landmark: a main element or role main (its first token, in
 * any case); one inside another is one landmark; a hidden one or one in
 * a template is none; two apart, or none, name no main. */
static void
test_main_landmark(void **state)
{
	(void)state;
	static const struct {
		const char *html, *id;
	} cases[] = {
		{ "<p>Tide</p><div id=\"m\"><p>Harbour</p></div>", NULL },
		{ "<nav>Menu</nav><main id=\"m\"><p>Harbour</p></main>", "m" },
		{ "<div id=\"m\" role=\" MAIN region\"><main><p>Harbour</p></main></div>", "m" },
		{ "<div role=\"region main\"><p>Tide</p></div>", NULL },
		{ "<main><p>Tide</p></main><div role=\"main\"><p>Harbour</p></div>", NULL },
		{ "<main hidden><p>Tide</p></main><template><main><p>Ebb</p></main></template>"
		  "<main id=\"m\"><p>Harbour</p></main>", "m" },
	};
	for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
		char html[256];
		snprintf(html, sizeof html, "<html><body>%s</body></html>", cases[k].html);
		struct page pg;
		test_page(&pg, html);
		int m = dom_main(pg.dom);
		if (cases[k].id)
			assert_int_equal(m, test_by_id(&pg, cases[k].id));
		else
			assert_int_equal(m, -1);
		page_free(&pg);
	}
	assert_true(dom_role_is("navigation", "navigation"));
	assert_true(dom_role_is("\tNavigation menu", "navigation"));
	assert_false(dom_role_is("menu navigation", "navigation"));
	assert_false(dom_role_is("nav", "navigation"));
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_structure),
		cmocka_unit_test(test_flags),
		cmocka_unit_test(test_texts),
		cmocka_unit_test(test_unterminated_pi),
		cmocka_unit_test(test_pre_prose),
		cmocka_unit_test(test_source_text),
		cmocka_unit_test(test_select_repair),
		cmocka_unit_test(test_cdata_repair),
		cmocka_unit_test(test_doctype_repair),
		cmocka_unit_test(test_source_offset),
		cmocka_unit_test(test_blank_ranges),
		cmocka_unit_test(test_blank_columns),
		cmocka_unit_test(test_pre_repair),
		cmocka_unit_test(test_heading_block),
		cmocka_unit_test(test_body_meta),
		cmocka_unit_test(test_case_apart),
		cmocka_unit_test(test_box_apart),
		cmocka_unit_test(test_xpath_and_attrs),
		cmocka_unit_test(test_nesting_depth),
		cmocka_unit_test(test_depth_limit),
		cmocka_unit_test(test_costly_markup),
		cmocka_unit_test(test_noscript_page),
		cmocka_unit_test(test_svg_title),
		cmocka_unit_test(test_dialog),
		cmocka_unit_test(test_screen_reader),
		cmocka_unit_test(test_permalink),
		cmocka_unit_test(test_permalink_button),
		cmocka_unit_test(test_permalink_diamond),
		cmocka_unit_test(test_top_links),
		cmocka_unit_test(test_code_label),
		cmocka_unit_test(test_main_landmark),
		cmocka_unit_test(test_unknown_inline),
		cmocka_unit_test(test_self_anchor),
		cmocka_unit_test(test_streamed_segment),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}

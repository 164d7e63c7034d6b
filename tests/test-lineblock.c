/* test-lineblock.c - unit tests of the line-block method: Ctext, Y,
 * regions, extraction and the histogram, on pages worked out by hand. */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "histogram.h"
#include "params.h"
#include "util.h"

static struct params
prm(int K, double T, int mode, int reflow)
{
	struct params p;
	params_default(&p);
	p.lb_K = K;
	p.lb_T = T;
	p.lb_mode = mode;
	p.lb_reflow = reflow;
	return p;
}

static struct lineblock *
build(const char *html, const struct params *p)
{
	return lineblock_build(html, strlen(html), p);
}

/* Ctext line j (0-based) as a fresh string. */
static char *
line(const struct lineblock *lb, int j)
{
	return xstrndup(lb->ctext + lb->line_off[j],
			lb->line_off[j + 1] - lb->line_off[j] - 1);
}

static void
check_lines(const struct lineblock *lb, const char *const *want, int n)
{
	assert_int_equal(lb->nlines, n);
	for (int j = 0; j < n; j++) {
		char *got = line(lb, j);
		assert_string_equal(got, want[j]);
		free(got);
	}
}

static void
check_ints(const int *got, const int *want, int n)
{
	for (int j = 0; j < n; j++)
		assert_int_equal(got[j], want[j]);
}

static void
check_y(const struct lineblock *lb, const int *want, int n)
{
	assert_int_equal(lb->nblocks, n);
	check_ints(lb->Y, want, n);
}

/* regions as start, end, selected triples */
static void
check_regions(const struct lineblock *lb, const int *want, int n)
{
	assert_int_equal(lb->nregions, n);
	for (int r = 0; r < n; r++) {
		assert_int_equal(lb->regions[r].start, want[3 * r]);
		assert_int_equal(lb->regions[r].end, want[3 * r + 1]);
		assert_int_equal(lb->regions[r].selected, want[3 * r + 2]);
	}
}

static char *
extract(const struct lineblock *lb, const struct params *p)
{
	struct buf b;
	buf_init(&b);
	lineblock_extract(lb, p, &b);
	return buf_steal(&b, NULL);
}

static void
check_extract(const struct lineblock *lb, const struct params *p,
	      const char *want)
{
	char *got = extract(lb, p);
	assert_string_equal(got, want);
	free(got);
}

/* A page whose line j holds chars[j] letters 'x', each line ending in
 * '\n' (the final one starts no line, so a last empty line survives). */
static char *
xpage(const int *chars, int n)
{
	struct buf b;
	buf_init(&b);
	for (int j = 0; j < n; j++) {
		for (int k = 0; k < chars[j]; k++)
			buf_addc(&b, 'x');
		buf_addc(&b, '\n');
	}
	return buf_steal(&b, NULL);
}

static char *
xs(int n)
{
	char *s = xmalloc((size_t)n + 1);
	memset(s, 'x', (size_t)n);
	s[n] = '\0';
	return s;
}

#define N(a) ((int)(sizeof(a) / sizeof((a)[0])))

/* ---- Ctext ---- */

static void
test_empty_input(void **state)
{
	(void)state;
	struct params p = prm(3, 86, LB_MODE_MAX, 0);
	struct lineblock *lb = build("", &p);
	assert_int_equal(lb->nlines, 0);
	assert_int_equal(lb->ctext_len, 0);
	assert_string_equal(lb->ctext, "");
	assert_int_equal(lb->line_off[0], 1);
	int y[] = { 0 };
	check_y(lb, y, 1);
	assert_int_equal(lb->nregions, 0);
	check_extract(lb, &p, "");
	lineblock_free(lb);
	lineblock_free(NULL);
}

static void
test_final_newline(void **state)
{
	(void)state;
	struct params p = prm(3, 86, LB_MODE_MAX, 0);
	const char *ab[] = { "a", "b" };
	struct lineblock *lb = build("a\nb\n", &p);
	check_lines(lb, ab, 2);
	assert_string_equal(lb->ctext, "a\nb");
	assert_int_equal(lb->ctext_len, 3);
	assert_int_equal(lb->line_off[2], 4);
	lineblock_free(lb);

	lb = build("a\nb", &p);
	check_lines(lb, ab, 2);
	lineblock_free(lb);

	const char *abe[] = { "a", "b", "" };
	lb = build("a\nb\n\n", &p);
	check_lines(lb, abe, 3);
	lineblock_free(lb);

	const char *e[] = { "" };
	lb = build("\n", &p);
	check_lines(lb, e, 1);
	lineblock_free(lb);

	/* A last line with only a tag on it is still a line. */
	const char *ae[] = { "a", "" };
	lb = build("a\n<br>", &p);
	check_lines(lb, ae, 2);
	lineblock_free(lb);
}

static void
test_no_newline(void **state)
{
	(void)state;
	struct params p = prm(3, 86, LB_MODE_MAX, 0);
	struct lineblock *lb = build("hello big world", &p);
	const char *want[] = { "hello big world" };
	check_lines(lb, want, 1);
	int chars[] = { 13 };
	check_ints(lb->line_chars, chars, 1);
	int y[] = { 13 };
	check_y(lb, y, 1);
	assert_int_equal(lb->src_line[0], 1);
	lineblock_free(lb);
}

static void
test_crlf(void **state)
{
	(void)state;
	struct params p = prm(3, 86, LB_MODE_MAX, 0);
	struct lineblock *lb = build("a\r\nb\rc\n\rd\r\n", &p);
	const char *want[] = { "a", "b", "c", "", "d" };
	check_lines(lb, want, 5);
	int src[] = { 1, 2, 3, 4, 5 };
	check_ints(lb->src_line, src, 5);
	assert_string_equal(lb->ctext, "a\nb\nc\n\nd");
	lineblock_free(lb);
}

static void
test_breaks_inside_tags(void **state)
{
	(void)state;
	struct params p = prm(3, 86, LB_MODE_MAX, 0);
	struct lineblock *lb = build("<div\nclass=\"a\nb\"\n>text</div>\nmore", &p);
	const char *want[] = { "", "", "", "text", "more" };
	check_lines(lb, want, 5);
	int chars[] = { 0, 0, 0, 4, 4 };
	check_ints(lb->line_chars, chars, 5);
	int y[] = { 0, 4, 8 };
	check_y(lb, y, 3);
	lineblock_free(lb);
}

static void
test_breaks_inside_comments(void **state)
{
	(void)state;
	struct params p = prm(3, 86, LB_MODE_MAX, 0);
	struct lineblock *lb = build("a<!-- one\ntwo <p>x</p>\nthree -->b\nc<!---->d<!-->e", &p);
	const char *want[] = { "a", "", "b", "cde" };
	check_lines(lb, want, 4);
	lineblock_free(lb);
}

static void
test_script_style_textarea(void **state)
{
	(void)state;
	struct params p = prm(3, 86, LB_MODE_MAX, 0);
	struct lineblock *lb = build(
		"<script type=\"x\">\nvar s = \"</p>\";\nif (a<b) x();\n</script>t\n"
		"<style>p{}\n</STYLE >u\n"
		"<textarea>abc <b>x</b>\n</textarea>v", &p);
	const char *want[] = { "", "", "", "t", "", "u", "", "v" };
	check_lines(lb, want, 8);
	lineblock_free(lb);

	/* "</script>" inside a JS string ends the script, as in browsers;
	 * "</scripts" does not. */
	lb = build("<script>a=\"</scripts>\";b=\"</script>\";</script>z", &p);
	const char *want2[] = { "\";z" };
	check_lines(lb, want2, 1);
	lineblock_free(lb);
}

static void
test_entities(void **state)
{
	(void)state;
	struct params p = prm(3, 86, LB_MODE_MAX, 0);
	struct lineblock *lb = build(
		"&amp;&lt;&gt;&quot;&apos;&nbsp;&copy;&mdash;&hellip;&euro;"
		"&eacute;&Eacute;&yuml;&#65;&#x42;&#X43;&#0;&#128;&#xD800;"
		"&#1114112;&shy;", &p);
	const char *want[] = {
		"&<>\"'\xC2\xA0©—…€éÉÿABC\xEF\xBF\xBD€\xEF\xBF\xBD\xEF\xBF\xBD"
		"\xC2\xAD"
	};
	check_lines(lb, want, 1);
	/* &nbsp; is whitespace; &shy; is not */
	int chars[] = { 20 };
	check_ints(lb->line_chars, chars, 1);
	lineblock_free(lb);
}

static void
test_entity_edges(void **state)
{
	(void)state;
	struct params p = prm(3, 86, LB_MODE_MAX, 0);
	struct lineblock *lb = build(
		"AT&T &foo; &copy2020 &amp &ampx &#;&#x; &#10;x &mdash &#65", &p);
	/* Latin-1 names work without ';' (longest prefix); others do not;
	 * a decoded newline is a space, never a line break. */
	const char *want[] = { "AT&T &foo; ©2020 & &x &#;&#x;  x &mdash A" };
	check_lines(lb, want, 1);
	lineblock_free(lb);
}

static void
test_lt_as_text(void **state)
{
	(void)state;
	struct params p = prm(3, 86, LB_MODE_MAX, 0);
	struct lineblock *lb = build("if a < b and 3<4 then <> ok <=<\nx<b>y</b>z<", &p);
	const char *want[] = { "if a < b and 3<4 then <> ok <=<", "xyz<" };
	check_lines(lb, want, 2);
	int chars[] = { 22, 4 };
	check_ints(lb->line_chars, chars, 2);
	lineblock_free(lb);
}

static void
test_cdata(void **state)
{
	(void)state;
	struct params p = prm(3, 86, LB_MODE_MAX, 0);
	struct lineblock *lb = build("<![CDATA[x < y &amp; ]z\nw]]>q<![CDATA[open", &p);
	const char *want[] = { "x < y &amp; ]z", "wqopen" };
	check_lines(lb, want, 2);
	lineblock_free(lb);
}

static void
test_quoted_attributes(void **state)
{
	(void)state;
	struct params p = prm(3, 86, LB_MODE_MAX, 0);
	/* A quote opens a value only right after '=' (x"y is unquoted). */
	struct lineblock *lb = build(
		"<a title=\"x>y\" href = 'p>q' data-q=\"'\">link</a><a b=x\"y>z</a>", &p);
	const char *want[] = { "linkz" };
	check_lines(lb, want, 1);
	lineblock_free(lb);
}

static void
test_bogus_markup(void **state)
{
	(void)state;
	struct params p = prm(3, 86, LB_MODE_MAX, 0);
	struct lineblock *lb = build(
		"<!DOCTYPE html\n>\n<?xml version=\"1.0\"?>x</ 3>y</>z</", &p);
	const char *want[] = { "", "", "xyz</" };
	check_lines(lb, want, 3);
	lineblock_free(lb);
}

static void
test_unterminated(void **state)
{
	(void)state;
	struct params p = prm(3, 86, LB_MODE_MAX, 0);
	static const struct {
		const char *html, *ctext;
		int nlines;
	} cases[] = {
		{ "text<!-- never\nclosed", "text\n", 2 },
		{ "a<script>\nb</scrip", "a\n", 2 },
		{ "a<style>b", "a", 1 },
		{ "a<div class=\"x>\nb", "a\n", 2 },
		{ "a<div", "a", 1 },
		{ "a<", "a<", 1 },
		{ "a<!", "a", 1 },
		{ "a<![CDATA[b]]", "ab]]", 1 },
		{ "a&#x1F600", "a\xF0\x9F\x98\x80", 1 },
		{ "a&am", "a&am", 1 },
	};
	for (int c = 0; c < N(cases); c++) {
		struct lineblock *lb = build(cases[c].html, &p);
		assert_string_equal(lb->ctext, cases[c].ctext);
		assert_int_equal(lb->nlines, cases[c].nlines);
		lineblock_free(lb);
	}
}

static void
test_binary_garbage(void **state)
{
	(void)state;
	struct params p = prm(3, 86, LB_MODE_MAX, 0);
	static const char bytes[] = "\xff\xfe\x00" "a\x80<\x00\n\xc3";
	struct lineblock *lb = lineblock_build(bytes, sizeof bytes - 1, &p);
	const char *want[] = {
		"\xEF\xBF\xBD\xEF\xBF\xBD" "a\xEF\xBF\xBD<", "\xEF\xBF\xBD"
	};
	check_lines(lb, want, 2);
	int chars[] = { 5, 1 };
	check_ints(lb->line_chars, chars, 2);
	assert_int_equal(utf8_valid_prefix((const unsigned char *)lb->ctext,
					   lb->ctext_len), lb->ctext_len);
	lineblock_free(lb);
}

/* ---- reflow ---- */

static void
test_reflow_breaks(void **state)
{
	(void)state;
	struct params p = prm(3, 86, LB_MODE_MAX, 1);
	struct lineblock *lb = build("<p>a</p><p>b</P>\n<p>c</p>", &p);
	const char *want[] = { "a", "b", "", "c" };
	check_lines(lb, want, 4);
	int src[] = { 1, 1, 1, 2 };
	check_ints(lb->src_line, src, 4);
	assert_int_equal(lb->reflow, 1);
	lineblock_free(lb);

	lb = build("a<br>b<br/>c<BR class=x />d</br>e<bra>f<h7>g</h7>h</h6>i", &p);
	const char *want2[] = { "a", "b", "c", "d", "efgh", "i" };
	check_lines(lb, want2, 6);
	lineblock_free(lb);

	/* Without reflow no line is inserted; the block boundary stays a
	 * word boundary (test_block_boundaries). */
	p.lb_reflow = 0;
	lb = build("<p>a</p><p>b</P>\n<p>c</p>", &p);
	const char *want3[] = { "a b", "c" };
	check_lines(lb, want3, 2);
	lineblock_free(lb);
}

/* A block's start or end tag, or <br>, between two words leaves one space
 * in Ctext (browsers show them apart); phrasing tags (b, span, a) do not,
 * and no space is added where whitespace or a line start is already.  A
 * space is whitespace: line_chars and Y are those without it. */
static void
test_block_boundaries(void **state)
{
	(void)state;
	struct params p = prm(3, 86, LB_MODE_MAX, 0);
	/* "Morefromtheharbour" 18 + "Ferrytimetable" 14 = 32 characters */
	struct lineblock *lb = build("<h3>More from the harbour</h3><ul><li>Ferry "
				     "timetable</li></ul>", &p);
	const char *want[] = { "More from the harbour Ferry timetable" };
	check_lines(lb, want, 1);
	int chars[] = { 32 };
	check_ints(lb->line_chars, chars, 1);
	lineblock_free(lb);

	static const struct {
		const char *html, *ctext;
	} cases[] = {
		{ "a<b>b</b>c<span>d</span><a href=x>e</a>", "abcde" },
		{ "x<br>y<br/>z", "x y z" },
		{ "<table><tr><td>x</td><td>y</td></tr></table>", "x y" },
		{ "<title>T</title></head><body>B</body>", "T B" },
		{ "a<hr>b<fieldset><legend>c</legend>d", "a b c d" },
		{ "a</p> <p>b", "a b" },
		{ "a</p>\n<div><p>b</p></div>", "a\nb" },
		{ "<div><p>x</p></div>", "x" },
		{ "a</p><!-- c --><p>b", "a b" },
		{ "a</p>&amp;", "a &" },
		{ "a</div>< b", "a < b" },
		{ "a</p><script>s</script>b", "a b" },
		{ "a<script>s</script>b", "ab" },
		{ "a<div", "a" },
		{ "A</li><li>\xe6\xb0\xb4", "A \xe6\xb0\xb4" },
	};
	for (int c = 0; c < N(cases); c++) {
		lb = build(cases[c].html, &p);
		assert_string_equal(lb->ctext, cases[c].ctext);
		lineblock_free(lb);
	}
	/* a NUL after the boundary is dropped and does not use it up */
	static const char nul[] = "a</p>\0b";
	lb = lineblock_build(nul, sizeof nul - 1, &p);
	assert_string_equal(lb->ctext, "a b");
	lineblock_free(lb);

	/* the extracted text keeps the words apart.  Lines: 100 + 21
	 * ("Ferrytimetablechanges"), 4, 0, 0, 0; Y = 125, 4, 0: block 1 is
	 * over T = 86 with Y(2) > 0, the fall at block 3: region [1,3] */
	struct buf h;
	buf_init(&h);
	char *x = xs(100);
	buf_printf(&h, "<h3>%s</h3><ul><li>Ferry timetable changes</li></ul>\n"
		   "<p>More</p>\n\n\n\n", x);
	lb = build(h.data, &p);
	assert_int_equal(lb->line_chars[0], 100 + 21);
	int y2[] = { 125, 4, 0 };
	check_y(lb, y2, 3);
	int r2[] = { 1, 3, 1 };
	check_regions(lb, r2, 1);
	struct buf want_out;
	buf_init(&want_out);
	buf_printf(&want_out, "%s Ferry timetable changes\nMore\n", x);
	check_extract(lb, &p, want_out.data);
	lineblock_free(lb);
	buf_free(&want_out);
	buf_free(&h);
	free(x);
}

#define P1 "The quick brown fox jumps over the lazy dog."
#define P2 "Pack my box with five dozen liquor jugs."

static void
test_reflow_minified_twin(void **state)
{
	(void)state;
	static const char minified[] =
		"<html><body><div id=\"nav\"><a href=\"/\">Home</a></div>"
		"<article><h1>Title of it</h1><p>" P1 "</p><p>" P2 "</p>"
		"</article><footer>foot</footer></body></html>";
	static const char formatted[] =
		"<html><body><div id=\"nav\"><a href=\"/\">Home</a></div>\n"
		"<article><h1>Title of it</h1>\n"
		"<p>" P1 "</p>\n"
		"<p>" P2 "</p>\n"
		"</article>\n"
		"<footer>foot</footer>\n"
		"</body></html>";
	const char *want[] = { "Home", "Title of it", P1, P2, "", "foot", "" };
	int chars[] = { 4, 9, 36, 33, 0, 4, 0 };
	int y[] = { 49, 78, 69, 37, 4 };
	int regions[] = { 1, 5, 1 };
	const char *text = "Home\nTitle of it\n" P1 "\n" P2 "\nfoot\n";

	struct params p = prm(3, 40, LB_MODE_MAX, 1);
	struct lineblock *lb = build(minified, &p);
	check_lines(lb, want, 7);
	check_ints(lb->line_chars, chars, 7);
	for (int j = 0; j < 7; j++)
		assert_int_equal(lb->src_line[j], 1);
	check_y(lb, y, 5);
	check_regions(lb, regions, 1);
	check_extract(lb, &p, text);
	lineblock_free(lb);

	p.lb_reflow = 0;
	lb = build(formatted, &p);
	check_lines(lb, want, 7);
	for (int j = 0; j < 7; j++)
		assert_int_equal(lb->src_line[j], j + 1);
	check_y(lb, y, 5);
	check_regions(lb, regions, 1);
	check_extract(lb, &p, text);
	lineblock_free(lb);

	/* The minified page without reflow: one line, one block, no region. */
	lb = build(minified, &p);
	assert_int_equal(lb->nlines, 1);
	int y1[] = { 86 };
	check_y(lb, y1, 1);
	assert_int_equal(lb->nregions, 0);
	check_extract(lb, &p, "");
	lineblock_free(lb);
}

/* ---- blocks and regions ---- */

static void
test_regions_at_edges(void **state)
{
	(void)state;
	int chars[] = { 50, 50, 0, 0, 0, 0, 90, 10, 40 };
	char *page = xpage(chars, N(chars));
	struct params p = prm(3, 86, LB_MODE_MAX, 0);
	struct lineblock *lb = build(page, &p);
	int y[] = { 100, 50, 0, 0, 90, 100, 140 };
	check_y(lb, y, 7);
	/* [1,3] touches the first block, [5,7] the last; max Y is block 7 */
	int rmax[] = { 1, 3, 0, 5, 7, 1 };
	check_regions(lb, rmax, 2);
	int first, last;
	lineblock_region_lines(lb, &lb->regions[0], &first, &last);
	assert_int_equal(first, 1);
	assert_int_equal(last, 3);
	/* no fall at the end: the whole last block, lines 5..9 */
	lineblock_region_lines(lb, &lb->regions[1], &first, &last);
	assert_int_equal(first, 5);
	assert_int_equal(last, 9);
	char *a = xs(90), *b = xs(10), *c = xs(40), *d = xs(50);
	char want[512];
	snprintf(want, sizeof want, "%s\n%s\n%s\n", a, b, c);
	check_extract(lb, &p, want);

	p.lb_mode = LB_MODE_ALL;
	lineblock_regions(lb, &p);
	int rall[] = { 1, 3, 1, 5, 7, 1 };
	check_regions(lb, rall, 2);
	snprintf(want, sizeof want, "%s\n%s\n\n%s\n%s\n%s\n", d, d, a, b, c);
	check_extract(lb, &p, want);
	free(a), free(b), free(c), free(d);
	lineblock_free(lb);
	free(page);
}

static void
test_y_equal_t_is_no_start(void **state)
{
	(void)state;
	int chars[] = { 86, 0, 0, 0, 1, 0, 0, 0 };
	char *page = xpage(chars, N(chars));
	struct params p = prm(3, 86, LB_MODE_MAX, 0);
	struct lineblock *lb = build(page, &p);
	int y[] = { 86, 0, 1, 1, 1, 0 };
	check_y(lb, y, 6);
	assert_int_equal(lb->nregions, 0);
	check_extract(lb, &p, "");

	/* T = 85: starts at 1; Y(2) = 0 but Y(3) = 1 is no fall; the fall
	 * is the last block, whose missing successor counts as 0. */
	p.lb_T = 85;
	lineblock_regions(lb, &p);
	int r[] = { 1, 6, 1 };
	check_regions(lb, r, 1);
	int first, last;
	lineblock_region_lines(lb, &lb->regions[0], &first, &last);
	assert_int_equal(first, 1);
	assert_int_equal(last, 6);
	char *x86 = xs(86);
	char want[128];
	snprintf(want, sizeof want, "%s\nx\n", x86);
	check_extract(lb, &p, want);
	free(x86);
	lineblock_free(lb);
	free(page);
}

/* lb.stage: the step mode's stages on one page, K = 2, T = 86.
 * Lines 5 0 0 90 0 100 0 0 0 4 0 0 88 0 0 give Y(1..14) =
 * 5 0 90 90 100 100 0 0 4 4 0 88 88 0. */
static void
test_stages(void **state)
{
	(void)state;
	int chars[] = { 5, 0, 0, 90, 0, 100, 0, 0, 0, 4, 0, 0, 88, 0, 0 };
	char *page = xpage(chars, N(chars));
	struct params p = prm(2, 86, LB_MODE_MAX, 0);
	p.lb_stage = 1;
	struct lineblock *lb = build(page, &p);
	int y[] = { 5, 0, 90, 90, 100, 100, 0, 0, 4, 4, 0, 88, 88, 0 };
	check_y(lb, y, 14);
	char *x5 = xs(5), *x90 = xs(90), *x100 = xs(100), *x4 = xs(4), *x88 = xs(88);
	char want[1024];
	/* 1: every Ctext line, one region over all blocks (Y(14) = 0: lines
	 * 1-14, the last line blank) */
	int r1[] = { 1, 14, 1 };
	check_regions(lb, r1, 1);
	snprintf(want, sizeof want, "%s\n%s\n%s\n%s\n%s\n", x5, x90, x100, x4, x88);
	check_extract(lb, &p, want);
	/* 2: the runs of blocks over T, 3-6 (lines 3-7) and 12-13 (12-14) */
	p.lb_stage = 2;
	lineblock_regions(lb, &p);
	int r2[] = { 3, 6, 1, 12, 13, 1 };
	check_regions(lb, r2, 2);
	snprintf(want, sizeof want, "%s\n%s\n\n%s\n", x90, x100, x88);
	check_extract(lb, &p, want);
	/* 3: regions [3,7] (Y(7) = Y(8) = 0) and [12,14] (the last block);
	 * the max, 100 at block 5, selects the first */
	p.lb_stage = 3;
	lineblock_regions(lb, &p);
	int r3[] = { 3, 7, 1, 12, 14, 0 };
	check_regions(lb, r3, 2);
	snprintf(want, sizeof want, "%s\n%s\n", x90, x100);
	check_extract(lb, &p, want);
	/* a page without text has no stage-1 region */
	lineblock_free(lb);
	p.lb_stage = 1;
	lb = build("<p>\n</p>\n", &p);
	assert_int_equal(lb->nregions, 0);
	check_extract(lb, &p, "");
	free(x5), free(x90), free(x100), free(x4), free(x88);
	lineblock_free(lb);
	free(page);
}

static void
test_k1_and_max_outside_region(void **state)
{
	(void)state;
	int chars[] = { 100, 0, 100, 100, 0, 0, 100, 0 };
	char *page = xpage(chars, N(chars));
	struct params p = prm(1, 86, LB_MODE_MAX, 0);
	struct lineblock *lb = build(page, &p);
	check_y(lb, chars, 8);
	/* Blocks 1 and 7 rise but their next block is 0.  The first max is
	 * block 1, in no region: mode max selects nothing. */
	int rmax[] = { 3, 5, 0 };
	check_regions(lb, rmax, 1);
	check_extract(lb, &p, "");

	p.lb_mode = LB_MODE_ALL;
	lineblock_regions(lb, &p);
	int rall[] = { 3, 5, 1 };
	check_regions(lb, rall, 1);
	char *x = xs(100), want[256];
	snprintf(want, sizeof want, "%s\n%s\n", x, x);
	check_extract(lb, &p, want);
	free(x);
	lineblock_free(lb);
	free(page);
}

static void
test_end_needs_two_zeros(void **state)
{
	(void)state;
	int chars[] = { 100, 100, 0, 50, 0, 0, 100 };
	char *page = xpage(chars, N(chars));
	struct params p = prm(1, 86, LB_MODE_MAX, 0);
	struct lineblock *lb = build(page, &p);
	check_y(lb, chars, 7);
	int r[] = { 1, 5, 1 };
	check_regions(lb, r, 1);
	char *x = xs(100), *h = xs(50), want[512];
	snprintf(want, sizeof want, "%s\n%s\n%s\n", x, x, h);
	check_extract(lb, &p, want);
	free(x), free(h);
	lineblock_free(lb);
	free(page);
}

static void
test_text_on_last_lines(void **state)
{
	(void)state;
	int chars[] = { 0, 0, 90, 10, 20 };
	char *page = xpage(chars, N(chars));
	struct params p = prm(3, 86, LB_MODE_MAX, 0);
	struct lineblock *lb = build(page, &p);
	int y[] = { 90, 100, 120 };
	check_y(lb, y, 3);
	int r[] = { 1, 3, 1 };
	check_regions(lb, r, 1);
	int first, last;
	lineblock_region_lines(lb, &lb->regions[0], &first, &last);
	assert_int_equal(first, 1);
	assert_int_equal(last, 5);
	char *a = xs(90), *b = xs(10), *c = xs(20), want[256];
	snprintf(want, sizeof want, "%s\n%s\n%s\n", a, b, c);
	check_extract(lb, &p, want);
	free(a), free(b), free(c);
	lineblock_free(lb);
	free(page);
}

static void
test_fewer_than_k_lines(void **state)
{
	(void)state;
	int chars[] = { 200, 200, 200 };
	struct params p = prm(3, 86, LB_MODE_MAX, 0);
	char *page = xpage(chars, 2);
	struct lineblock *lb = build(page, &p);
	int y2[] = { 400 };
	check_y(lb, y2, 1);
	/* one block: no block after it, so no rise */
	assert_int_equal(lb->nregions, 0);
	check_extract(lb, &p, "");
	lineblock_free(lb);
	free(page);

	page = xpage(chars, 3);
	lb = build(page, &p);
	int y3[] = { 600 };
	check_y(lb, y3, 1);
	assert_int_equal(lb->nregions, 0);
	lineblock_free(lb);
	free(page);
}

static void
test_recompute_k(void **state)
{
	(void)state;
	int chars[] = { 10, 20, 30, 40, 0 };
	char *page = xpage(chars, N(chars));
	struct params p = prm(3, 50, LB_MODE_MAX, 0);
	struct lineblock *lb = build(page, &p);
	int y3[] = { 60, 90, 70 };
	check_y(lb, y3, 3);
	assert_int_equal(lb->K, 3);
	int r3[] = { 1, 3, 1 };
	check_regions(lb, r3, 1);

	p.lb_K = 1;
	lineblock_regions(lb, &p);
	assert_int_equal(lb->K, 1);
	check_y(lb, chars, 5);
	assert_int_equal(lb->nregions, 0);      /* no line > 50 */
	p.lb_T = 25;
	lineblock_regions(lb, &p);
	int r1[] = { 3, 5, 1 };
	check_regions(lb, r1, 1);

	p.lb_K = 5;
	lineblock_regions(lb, &p);
	int y5[] = { 100 };
	check_y(lb, y5, 1);
	assert_int_equal(lb->nregions, 0);

	p.lb_K = 6;             /* more than L: still one block */
	lineblock_regions(lb, &p);
	check_y(lb, y5, 1);

	p.lb_K = 3;             /* T = 25 rises at block 1 as 50 did */
	lineblock_regions(lb, &p);
	check_y(lb, y3, 3);
	check_regions(lb, r3, 1);
	lineblock_free(lb);
	free(page);
}

/* ---- modes ---- */

static void
test_copyright_drop(void **state)
{
	(void)state;
	static const char page[] =
		"This is the first real paragraph of text.\n"
		"It continues on a second line here.\n"
		"\n"
		"\n"
		"Copyright 2024 Example Corp. All rights.\n"
		"Contact us at the address below please.\n"
		"\n"
		"\n"
		"<p>版权所有，翻版必究。</p>\n"
		"中文内容在这里。\n";
	struct params p = prm(1, 9, LB_MODE_ALL, 0);
	struct lineblock *lb = build(page, &p);
	int y[] = { 34, 29, 0, 0, 35, 33, 0, 0, 10, 8 };
	check_y(lb, y, 10);
	int rall[] = { 1, 3, 1, 5, 7, 0, 9, 10, 0 };
	check_regions(lb, rall, 3);
	check_extract(lb, &p,
		      "This is the first real paragraph of text.\n"
		      "It continues on a second line here.\n");

	p.lb_mode = LB_MODE_MAX;
	lineblock_regions(lb, &p);
	int rmax[] = { 1, 3, 0, 5, 7, 1, 9, 10, 0 };
	check_regions(lb, rmax, 3);
	check_extract(lb, &p,
		      "Copyright 2024 Example Corp. All rights.\n"
		      "Contact us at the address below please.\n");
	lineblock_free(lb);
}

static void
test_copyright_on_short_line_kept(void **state)
{
	(void)state;
	/* "版权所有" alone is 4 characters: skipped, so not looked at. */
	static const char page[] = "正文的第一行文字\n版权所有\n第三行";
	struct params p = prm(1, 3, LB_MODE_ALL, 0);
	struct lineblock *lb = build(page, &p);
	int y[] = { 8, 4, 3 };
	check_y(lb, y, 3);
	int r[] = { 1, 3, 1 };
	check_regions(lb, r, 1);
	check_extract(lb, &p, "正文的第一行文字\n");
	lineblock_free(lb);
}

static void
test_short_lines_and_collapse(void **state)
{
	(void)state;
	static const char page[] =
		"Hello there world\n"
		"Hi\n"
		"a b c d\n"
		"abcde\n"
		"  spaced&nbsp;&nbsp;out\t words  ";
	struct params p = prm(3, 3, LB_MODE_ALL, 0);
	p.lb_K = 1;
	struct lineblock *lb = build(page, &p);
	int y[] = { 15, 2, 4, 5, 14 };
	check_y(lb, y, 5);
	int r[] = { 1, 5, 1 };
	check_regions(lb, r, 1);
	check_extract(lb, &p, "Hello there world\nabcde\nspaced out words\n");

	p.lb_mode = LB_MODE_MAX;
	lineblock_regions(lb, &p);
	check_extract(lb, &p,
		      "Hello there world\nHi\na b c d\nabcde\nspaced out words\n");
	lineblock_free(lb);
}

static void
test_regions_separated(void **state)
{
	(void)state;
	static const char page[] =
		"alpha beta\ngamma delta\n\n\nepsilon zeta\neta theta\n";
	struct params p = prm(1, 3, LB_MODE_ALL, 0);
	struct lineblock *lb = build(page, &p);
	int y[] = { 9, 10, 0, 0, 11, 8 };
	check_y(lb, y, 6);
	int r[] = { 1, 3, 1, 5, 6, 1 };
	check_regions(lb, r, 2);
	check_extract(lb, &p,
		      "alpha beta\ngamma delta\n\nepsilon zeta\neta theta\n");
	lineblock_free(lb);
}

static void
test_many_regions(void **state)
{
	(void)state;
	struct buf page, want;
	buf_init(&page);
	buf_init(&want);
	for (int k = 0; k < 40; k++) {
		buf_adds(&page, "abcde\nfghij\n\n\n");
		buf_adds(&want, k ? "\nabcde\nfghij\n" : "abcde\nfghij\n");
	}
	struct params p = prm(1, 3, LB_MODE_ALL, 0);
	struct lineblock *lb = build(page.data, &p);
	assert_int_equal(lb->nlines, 160);
	assert_int_equal(lb->nregions, 40);
	for (int k = 0; k < 40; k++) {
		assert_int_equal(lb->regions[k].start, 4 * k + 1);
		assert_int_equal(lb->regions[k].end, 4 * k + 3);
		assert_int_equal(lb->regions[k].selected, 1);
	}
	check_extract(lb, &p, want.data);

	/* mode max: the first of the equal maxima, block 1 */
	p.lb_mode = LB_MODE_MAX;
	lineblock_regions(lb, &p);
	assert_int_equal(lb->nregions, 40);
	assert_int_equal(lb->regions[0].selected, 1);
	for (int k = 1; k < 40; k++)
		assert_int_equal(lb->regions[k].selected, 0);
	check_extract(lb, &p, "abcde\nfghij\n");
	lineblock_free(lb);
	buf_free(&page);
	buf_free(&want);
}

/* ---- histogram ---- */

static char *
histogram(const struct lineblock *lb, const struct params *p, int plot,
	  int columns)
{
	char *s = NULL;
	size_t n = 0;
	FILE *f = open_memstream(&s, &n);
	assert_non_null(f);
	assert_int_equal(histogram_print(lb, p, plot, columns, f), 0);
	fclose(f);
	return s;
}

static void
test_histogram_tsv(void **state)
{
	(void)state;
	int chars[] = { 50, 50, 0, 0, 0, 0, 90, 10, 40 };
	char *page = xpage(chars, N(chars));
	struct params p = prm(3, 86, LB_MODE_MAX, 0);
	struct lineblock *lb = build(page, &p);
	char *s = histogram(lb, &p, 0, 80);
	assert_string_equal(s,
		"block\tlength\n1\t100\n2\t50\n3\t0\n4\t0\n5\t90\n6\t100\n"
		"7\t140\n# region 1 3\n# region 5 7\n");
	free(s);
	lineblock_free(lb);
	free(page);
}

static void
test_histogram_plot(void **state)
{
	(void)state;
	int chars[] = { 20, 5, 0, 0 };
	char *page = xpage(chars, N(chars));
	struct params p = prm(1, 10, LB_MODE_MAX, 0);
	struct lineblock *lb = build(page, &p);
	int r[] = { 1, 3, 1 };
	check_regions(lb, r, 1);
	/* 33 columns: 8 for the label, 5 for "  20*", 20 for the bars */
	char *s = histogram(lb, &p, 1, 33);
	assert_string_equal(s,
		"     1 |##########:#########  20*\n"
		"     2 |#####     :  5*\n"
		"     3 |          :  0*\n"
		"     4 |          :  0\n");
	free(s);
	lineblock_free(lb);
	free(page);
}

/* The same page as an SVG image, worked out from histogram.c's layout:
 * 56 units left of the plot, a bar every 5 (4 wide), 200 high for the
 * larger of the longest block (20) and T (10), the x axis at 24 + 200. */
static void
test_histogram_svg(void **state)
{
	(void)state;
	int chars[] = { 20, 5, 0, 0 };
	char *page = xpage(chars, N(chars));
	struct params p = prm(1, 10, LB_MODE_MAX, 0);
	struct lineblock *lb = build(page, &p);
	struct buf b;
	buf_init(&b);
	histogram_svg(lb, &p, true, &b);
	const char *s = b.data;
	static const char head[] = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg ";
	assert_true(!strncmp(s, head, sizeof head - 1));
	/* 56 + 4 bars of 5 + 16 wide, 24 + 200 + 40 high */
	assert_non_null(strstr(s, "width=\"92\" height=\"264\" viewBox=\"0 0 92 264\" "
			       "data-blocks=\"4\" data-k=\"1\" data-t=\"10\""));
	/* block 1: 20 of 20 is the whole 200; block 2: 5 is 50; 3 and 4
	 * nothing, 4 outside the region (1-3, selected) */
	assert_non_null(strstr(s, "<rect class=\"bar region selected\" data-block=\"1\" "
			       "data-length=\"20\" x=\"56\" y=\"24\" width=\"4\" height=\"200\">"
			       "<title>block 1: 20 characters, in a region</title></rect>"));
	assert_non_null(strstr(s, "data-block=\"2\" data-length=\"5\" x=\"61\" y=\"174\" "
			       "width=\"4\" height=\"50\">"));
	assert_non_null(strstr(s, "<rect class=\"bar region selected\" data-block=\"3\" "
			       "data-length=\"0\" x=\"66\" y=\"224\" width=\"4\" height=\"0\">"));
	assert_non_null(strstr(s, "<rect class=\"bar\" data-block=\"4\" data-length=\"0\" "
			       "x=\"71\" y=\"224\""));
	int bars = 0;
	for (const char *q = s; (q = strstr(q, "<rect class=\"bar")); q++)
		bars++;
	assert_int_equal(bars, 4);
	/* the region's span behind blocks 1-3: 3 bars of 5 less the last gap */
	assert_non_null(strstr(s, "<rect class=\"span selected\" x=\"56\" y=\"24\" "
			       "width=\"14\" height=\"200\"><title>region 1: blocks 1-3, selected"));
	/* T = 10 of 20: 100 above the axis */
	assert_non_null(strstr(s, "<line class=\"threshold\" x1=\"54\" y1=\"124\" x2=\"76\" "
			       "y2=\"124\"/>"));
	/* lengths every 5 (20 / 5 = 4 ticks at most), 10 units each */
	assert_non_null(strstr(s, ">0</text>"));
	assert_non_null(strstr(s, "<text class=\"ytick\" x=\"50\" y=\"128\" "
			       "text-anchor=\"end\">10</text>"));
	assert_non_null(strstr(s, "y=\"28\" text-anchor=\"end\">20</text>"));
	assert_null(strstr(s, ">25</text>"));
	/* one block number, 1, under its bar */
	assert_non_null(strstr(s, "<text class=\"xtick\" x=\"58\" y=\"238\" "
			       "text-anchor=\"middle\">1</text>"));
	assert_null(strstr(s, "text-anchor=\"middle\">2</text>"));
	assert_true(b.len > 7 && !strcmp(s + b.len - 7, "</svg>\n"));
	buf_free(&b);
	lineblock_free(lb);
	free(page);
}

/* ---- size ---- */

static void
test_large_inputs(void **state)
{
	(void)state;
	struct params p = prm(3, 86, LB_MODE_MAX, 1);
	size_t n = 8u << 20;
	char *s = xmalloc(n + 1);
	/* one long line of words */
	for (size_t i = 0; i < n; i++)
		s[i] = i % 5 == 4 ? ' ' : 'w';
	s[n] = '\0';
	struct lineblock *lb = lineblock_build(s, n, &p);
	assert_int_equal(lb->nlines, 1);
	assert_int_equal(lb->line_chars[0], (int)(n - n / 5));
	lineblock_free(lb);

	/* patterns that would be quadratic if any scan restarted */
	static const char *const unit[] = {
		"<a", "<!--", "&amp", "<![CDATA[]]", "</scrip", "<p x='", "&#x",
	};
	for (int u = 0; u < N(unit); u++) {
		size_t k = strlen(unit[u]), m = 0;
		memcpy(s, "<script>", 8);
		for (m = 8; m + k <= n; m += k)
			memcpy(s + m, unit[u], k);
		lb = lineblock_build(s + 8, m - 8, &p);   /* without <script> */
		assert_int_equal(lb->nlines, 1);
		lineblock_free(lb);
		lb = lineblock_build(s, m, &p);           /* all in a script */
		assert_int_equal(lb->ctext_len, 0);
		lineblock_free(lb);
	}
	/* a million lines */
	for (size_t i = 0; i < n; i++)
		s[i] = i % 8 == 7 ? '\n' : 'x';
	lb = lineblock_build(s, n, &p);
	assert_int_equal(lb->nlines, (int)(n / 8));
	assert_int_equal(lb->nblocks, (int)(n / 8) - 2);
	assert_int_equal(lb->Y[0], 21);
	lineblock_free(lb);
	free(s);
}

/* A run of empty lines longer than LB_EMPTY_RUN (101) keeps 101 in
 * Ctext: "a" on line 1, 500 empty source lines, "b" on line 502.  Ctext
 * has line 1 "a", 101 empty lines (2-102), and line 103 "b", which starts
 * on source line 502.  With K = 3, blocks 1 and 101 see "a" and "b"
 * (Y 1), blocks 2-100 none; the run still holds two empty blocks in a
 * row, as it did. */
static void
test_empty_run(void **state)
{
	(void)state;
	struct buf b;
	buf_init(&b);
	buf_adds(&b, "a");
	for (int i = 0; i < 501; i++)
		buf_addc(&b, '\n');
	buf_adds(&b, "b");
	struct params p = prm(3, 86, LB_MODE_ALL, 0);
	struct lineblock *lb = lineblock_build(b.data, b.len, &p);
	assert_int_equal(lb->nlines, 103);
	assert_int_equal(lb->src_line[0], 1);
	assert_int_equal(lb->src_line[1], 2);
	assert_int_equal(lb->src_line[101], 102);
	assert_int_equal(lb->src_line[102], 502);
	char *l = line(lb, 102);
	assert_string_equal(l, "b");
	free(l);
	assert_int_equal(lb->nblocks, 101);
	assert_int_equal(lb->Y[0], 1);
	assert_int_equal(lb->Y[1], 0);
	assert_int_equal(lb->Y[99], 0);
	assert_int_equal(lb->Y[100], 1);
	int a, z;
	assert_int_equal(lineblock_ctext_lines(lb, 502, 502, &a, &z), 1);
	assert_int_equal(a, 103);
	lineblock_free(lb);
	buf_free(&b);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_empty_input),
		cmocka_unit_test(test_stages),
		cmocka_unit_test(test_final_newline),
		cmocka_unit_test(test_no_newline),
		cmocka_unit_test(test_crlf),
		cmocka_unit_test(test_breaks_inside_tags),
		cmocka_unit_test(test_breaks_inside_comments),
		cmocka_unit_test(test_script_style_textarea),
		cmocka_unit_test(test_entities),
		cmocka_unit_test(test_entity_edges),
		cmocka_unit_test(test_lt_as_text),
		cmocka_unit_test(test_cdata),
		cmocka_unit_test(test_quoted_attributes),
		cmocka_unit_test(test_bogus_markup),
		cmocka_unit_test(test_unterminated),
		cmocka_unit_test(test_binary_garbage),
		cmocka_unit_test(test_reflow_breaks),
		cmocka_unit_test(test_block_boundaries),
		cmocka_unit_test(test_reflow_minified_twin),
		cmocka_unit_test(test_regions_at_edges),
		cmocka_unit_test(test_y_equal_t_is_no_start),
		cmocka_unit_test(test_k1_and_max_outside_region),
		cmocka_unit_test(test_end_needs_two_zeros),
		cmocka_unit_test(test_text_on_last_lines),
		cmocka_unit_test(test_fewer_than_k_lines),
		cmocka_unit_test(test_recompute_k),
		cmocka_unit_test(test_copyright_drop),
		cmocka_unit_test(test_copyright_on_short_line_kept),
		cmocka_unit_test(test_short_lines_and_collapse),
		cmocka_unit_test(test_regions_separated),
		cmocka_unit_test(test_many_regions),
		cmocka_unit_test(test_histogram_tsv),
		cmocka_unit_test(test_histogram_plot),
		cmocka_unit_test(test_histogram_svg),
		cmocka_unit_test(test_large_inputs),
		cmocka_unit_test(test_empty_run),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}

/* test-decide.c - the CC decision (doc/algorithms.md#cc steps 1-4), worked out
 * by hand on small pages. */
#include "testlib.h"

static const char page1[] =
	"<html><head><title>Title words</title></head><body>\n"
	"<div id=\"nav\"><a href=\"/a\">Home</a> <a href=\"/b\">News</a></div>\n"
	"<div id=\"main\"><p>Hello world, this is text.</p>"
	"<p>Second <a href=\"/c\">link</a> para.</p></div>\n"
	"</body></html>\n";

static char *
run(struct page *pg, const struct params *p, const uint8_t *pins)
{
	struct buf b;
	buf_init(&b);
	test_run_into(pg, &method_cc, p, pins, &b);
	return buf_steal(&b, NULL);
}

/* Defaults: only div#main (CC 33 > 29) is content, and both paragraphs
 * (CC 22 and 11, no sibling reaching C) are noise: nothing is extracted.
 * The paper's consequence, worth a test of its own. */
static void
test_short_paragraphs_lost(void **state)
{
	(void)state;
	struct page pg;
	struct params p;
	params_default(&p);
	test_page(&pg, page1);
	char *text = run(&pg, &p, NULL);
	const uint8_t want[] = { 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0 };
	for (int i = 0; i < 11; i++)
		assert_int_equal(test_last.dc.content[i], want[i]);
	assert_int_equal(test_last.dc.reason[7], REASON_CC);
	assert_int_equal(test_last.dc.reason[8], REASON_NOISE);
	/* CS: divs 1 of 2 reach C; the paragraphs none */
	assert_near(test_last.dc.CS[4], 0.5, 1e-9);
	assert_near(test_last.dc.CS[8], 0.0, 1e-9);
	assert_string_equal(text, "");
	free(text);
	page_free(&pg);
}

static void
test_threshold(void **state)
{
	(void)state;
	struct page pg;
	struct params p;
	params_default(&p);
	test_page(&pg, page1);
	p.cc_C = 20;
	char *text = run(&pg, &p, NULL);
	assert_string_equal(text, "Hello world, this is text.\n");
	assert_int_equal(test_last.dc.region, 8);
	free(text);
	/* C = 10: html, body, main and both paragraphs; the region is main;
	 * link text inside a content block is kept */
	p.cc_C = 10;
	text = run(&pg, &p, NULL);
	const uint8_t want[] = { 1, 0, 0, 1, 0, 0, 0, 1, 1, 1, 0 };
	for (int i = 0; i < 11; i++)
		assert_int_equal(test_last.dc.content[i], want[i]);
	assert_int_equal(test_last.dc.region, 7);
	assert_string_equal(text, "Hello world, this is text.\nSecond link para.\n");
	free(text);
	page_free(&pg);
}

/* A thread of replies: three of four reach C, so CS = 0.75 > S, and the
 * short one sits in a container with TD = 128 > D: smoothed to content. */
static const char forum[] =
	"<html><body><div id=\"t\">"
	"<div id=\"r1\">aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa</div>"
	"<div id=\"r2\">bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb</div>"
	"<div id=\"r3\">cccccccccccccccccccccccccccccccccccccccc</div>"
	"<div id=\"r4\">ok thanks</div>"
	"</div></body></html>";

static void
test_smoothing(void **state)
{
	(void)state;
	struct page pg;
	struct params p;
	params_default(&p);
	test_page(&pg, forum);
	char *text = run(&pg, &p, NULL);
	int r4 = test_by_id(&pg, "r4"), t = test_by_id(&pg, "t");
	assert_near(pg.m->CC[r4], 8, 1e-9);
	assert_near(pg.m->TD[r4], 128, 1e-9);
	assert_near(test_last.dc.CS[r4], 0.75, 1e-9);
	assert_int_equal(test_last.dc.content[r4], 1);
	assert_int_equal(test_last.dc.reason[r4], REASON_SMOOTH);
	assert_int_equal(test_last.dc.region, t);
	assert_string_equal(text,
		"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\n"
		"bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb\n"
		"cccccccccccccccccccccccccccccccccccccccc\n"
		"ok thanks\n");
	free(text);
	/* S = 0.8: CS 0.75 no longer exceeds it */
	p.cc_S = 0.8;
	text = run(&pg, &p, NULL);
	assert_int_equal(test_last.dc.content[r4], 0);
	assert_int_equal(test_last.dc.reason[r4], REASON_NOISE);
	free(text);
	/* D = 128: TD must exceed D strictly */
	params_default(&p);
	p.cc_D = 128;
	text = run(&pg, &p, NULL);
	assert_int_equal(test_last.dc.content[r4], 0);
	free(text);
	page_free(&pg);
}

/* A copyright block with 30 characters and no links passes C, but lies
 * outside the region (div#main holds 150 of the 180 content characters,
 * 83 % >= 80 %) and its div siblings are mostly noise (CS = 2/4 = 0.5 <=
 * S): an outlier. */
static const char copyright[] =
	"<html><body>"
	"<div id=\"main\"><p>xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx</p>"
	"<p>yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy</p>"
	"<p>zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz</p></div>"
	"<div id=\"nav\"><a href=\"/\">Home</a><a href=\"/n\">News</a></div>"
	"<div id=\"ads\">Advertisement</div>"
	"<div id=\"copy\">cccccccccccccccccccccccccccccc</div>"
	"</body></html>";

static void
test_outlier(void **state)
{
	(void)state;
	struct page pg;
	struct params p;
	params_default(&p);
	test_page(&pg, copyright);
	char *text = run(&pg, &p, NULL);
	int main_ = test_by_id(&pg, "main"), copy = test_by_id(&pg, "copy");
	int ads = test_by_id(&pg, "ads");
	assert_near(test_last.dc.CS[copy], 0.5, 1e-9);
	assert_int_equal(test_last.dc.region, main_);
	assert_int_equal(test_last.dc.content[copy], 0);
	assert_int_equal(test_last.dc.reason[copy], REASON_OUTLIER);
	assert_int_equal(test_last.dc.reason[ads], REASON_NOISE);
	assert_string_equal(text,
		"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\n"
		"yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy\n"
		"zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz\n");
	free(text);
	p.cc_outliers = 0;
	text = run(&pg, &p, NULL);
	assert_int_equal(test_last.dc.content[copy], 1);
	assert_int_equal(test_last.dc.reason[copy], REASON_CC);
	assert_string_equal(text + strlen(text) - 31, "cccccccccccccccccccccccccccccc\n");
	free(text);
	page_free(&pg);
}

static void
test_pins(void **state)
{
	(void)state;
	struct page pg;
	struct params p;
	params_default(&p);
	test_page(&pg, copyright);
	uint8_t *pins = calloc((size_t)pg.dom->n, 1);
	int main_ = test_by_id(&pg, "main"), ads = test_by_id(&pg, "ads");
	pins[ads] = PIN_IN;
	pins[main_ + 2] = PIN_OUT; /* the second paragraph */
	char *text = run(&pg, &p, pins);
	assert_int_equal(test_last.dc.reason[ads], REASON_PINNED);
	assert_int_equal(test_last.dc.content[ads], 1);
	assert_int_equal(test_last.dc.content[main_ + 2], 0);
	assert_string_equal(text,
		"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\n"
		"zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz\n"
		"Advertisement\n");
	free(text);
	/* pinning a container out drops its whole subtree */
	memset(pins, 0, (size_t)pg.dom->n);
	pins[main_] = PIN_OUT;
	text = run(&pg, &p, pins);
	assert_string_equal(text, "");
	free(text);
	free(pins);
	page_free(&pg);
}

static void
test_names(void **state)
{
	(void)state;
	assert_string_equal(reason_name(REASON_SMOOTH), "smooth");
	assert_string_equal(reason_name(REASON_OUTLIER), "outlier");
	assert_ptr_equal(method_find("lb"), &method_lb);
	assert_null(method_find("bogus"));
	assert_string_equal(METHOD_DEFAULT->name, "auto");
	/* the table's order is the inspector's a key: cc lb ent tib sib auto */
	assert_int_equal(nmethods, 6);
	assert_ptr_equal(methods[0], &method_cc);
	assert_ptr_equal(methods[2], &method_ent);
	assert_ptr_equal(methods[5], &method_auto);
	assert_int_equal(method_index(&method_sib), 4);
}

/* lb on a page with no line of text: its line arrays exist (it passed
 * NULL to memset; fuzz-page found it, a byte order mark and nothing
 * else). */
static void
test_lb_no_lines(void **state)
{
	(void)state;
	struct page pg;
	test_page(&pg, "\xfe\xff");     /* a UTF-16 mark and nothing more */
	struct params p;
	params_default(&p);
	struct buf b;
	buf_init(&b);
	test_run_into(&pg, &method_lb, &p, NULL, &b);
	assert_non_null(test_last.line_keep);
	assert_int_equal(pg.lb->nlines, 0);
	assert_int_equal(test_last.nlines, 0);
	buf_free(&b);
	page_free(&pg);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_short_paragraphs_lost),
		cmocka_unit_test(test_threshold),
		cmocka_unit_test(test_smoothing),
		cmocka_unit_test(test_outlier),
		cmocka_unit_test(test_pins),
		cmocka_unit_test(test_names),
		cmocka_unit_test(test_lb_no_lines),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}

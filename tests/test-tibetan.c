/* test-tibetan.c - Tibetan page detection, legacy fonts, Relativity and
 * Veracity, and the pruning decision (doc/algorithms.md#tib), worked out
 * by hand on small strings and pages.  Code points are counted by hand:
 * བོད་ is four (BA, O, DA, TSHEG), ཀ་ two. */
#include "testlib.h"

/* tib's per-page figures from the last run */
#define TIB ((const struct tib_figures *)test_last.state)

#include "method/tib-veracity.h"

static void
detect(struct script_detect *t, const char *s)
{
	script_detect_init(t);
	script_detect_add(t, s, strlen(s));
	script_detect_finish(t);
}

/* ---- detection ---- */

static void
test_detect_tibetan(void **state)
{
	(void)state;
	struct script_detect t;
	/* two syllables of three letters, each closed by a tsheg */
	detect(&t, "བོད་ཡིག་");
	assert_int_equal(t.dots, 2);
	assert_int_equal(t.syllables, 2);
	assert_int_equal(t.near7, 2);
	assert_int_equal(t.near5, 2);
	assert_near(t.share7, 1.0, 1e-12);
	assert_true(t.tibetan);
	assert_int_equal(t.count[SCRIPT_TIBETAN], 8);
	assert_int_equal(t.dominant, SCRIPT_TIBETAN);
	/* U+0F0C (non-breaking tsheg) is a dot too */
	detect(&t, "ཀ\xe0\xbc\x8c");
	assert_int_equal(t.dots, 1);
	assert_true(t.tibetan);
}

static void
test_detect_other(void **state)
{
	(void)state;
	struct script_detect t;
	detect(&t, "Hello world");
	assert_int_equal(t.syllables, 2);
	assert_int_equal(t.near7, 0);
	assert_false(t.tibetan);
	assert_int_equal(t.count[SCRIPT_LATIN], 10);
	assert_int_equal(t.dominant, SCRIPT_LATIN);
	/* one Tibetan greeting (3 dotted syllables) among 7 English words */
	detect(&t, "We say བཀྲ་ཤིས་བདེ་ལེགས། to greet guests in Lhasa");
	assert_int_equal(t.near7, 3);
	assert_int_equal(t.syllables, 11);
	assert_false(t.tibetan);
	/* every CJK code point is a syllable: 3 + one Tibetan = 4 */
	detect(&t, "中文字 ཀ་");
	assert_int_equal(t.syllables, 4);
	assert_int_equal(t.near7, 1);
	assert_false(t.tibetan);
	assert_int_equal(t.dominant, SCRIPT_CJK);
	/* Arabic script, presentation forms included */
	detect(&t, "سالام \xef\xba\x8d");
	assert_int_equal(t.count[SCRIPT_ARABIC], 6);
	assert_int_equal(t.dominant, SCRIPT_ARABIC);
	/* no text at all */
	detect(&t, "  ");
	assert_int_equal(t.syllables, 0);
	assert_false(t.tibetan);
	assert_int_equal(t.dominant, SCRIPT_OTHER);
}

/* 1 of 3 syllables at distance 1-7 is Tibetan; 1 of 4 is not. */
static void
test_detect_third(void **state)
{
	(void)state;
	struct script_detect t;
	detect(&t, "ཀ་ ab cd");
	assert_int_equal(t.syllables, 3);
	assert_int_equal(t.near7, 1);
	assert_near(t.share7, 1.0 / 3, 1e-12);
	assert_true(t.tibetan);
	detect(&t, "ཀ་ ab cd ef");
	assert_int_equal(t.syllables, 4);
	assert_near(t.share7, 0.25, 1e-12);
	assert_false(t.tibetan);
}

/* Distances 8, 7, 6 and 5: three within 1-7, one within 1-5. */
static void
test_detect_distances(void **state)
{
	(void)state;
	struct script_detect t;
	detect(&t, "ཀཀཀཀཀཀཀཀ་ཀཀཀཀཀཀཀ་ཀཀཀཀཀཀ་ཀཀཀཀཀ་");
	assert_int_equal(t.dots, 4);
	assert_int_equal(t.syllables, 4);
	assert_int_equal(t.near7, 3);
	assert_int_equal(t.near5, 1);
	assert_near(t.share7, 0.75, 1e-12);
	assert_near(t.share5, 0.25, 1e-12);
	/* a decorative row: distances 1, 0, 0, 0, 0 */
	detect(&t, "ཀ་་་་་");
	assert_int_equal(t.syllables, 5);
	assert_int_equal(t.near7, 1);
	assert_false(t.tibetan);
	/* the page: text nodes are separate, title and script do not count */
	struct page pg;
	test_page(&pg, "<html><head><title>a b c d e f</title>"
		  "<script>var a = 'x y z';</script></head>"
		  "<body><p>ཀ་ <b>x</b>y</p></body></html>");
	assert_int_equal(page_script(&pg)->syllables, 3);
	assert_true(page_script(&pg)->tibetan);
	page_free(&pg);
}

/* ---- legacy fonts ---- */

static void
test_legacy_font(void **state)
{
	(void)state;
	char name[64];
	const char *s1 = "<p style=\"color:red; font-family: 'TCRC Youtso', serif\">x</p>";
	assert_int_equal(script_legacy_font(s1, strlen(s1), name, sizeof name), 1);
	assert_string_equal(name, "TCRC Youtso");
	const char *s2 = "<font size=3 face=\"Arial, TibetanMachineWeb\">x</font>";
	assert_int_equal(script_legacy_font(s2, strlen(s2), name, sizeof name), 1);
	assert_string_equal(name, "TibetanMachineWeb");
	const char *s3 = "<style>\n.bo { font-family : Sambhota Dbu-can; }\n</style>";
	assert_int_equal(script_legacy_font(s3, strlen(s3), name, sizeof name), 1);
	assert_string_equal(name, "Sambhota Dbu-can");
	const char *s4 = "<style>.bo{font-family:\"方正藏文白体\"}</style>";
	assert_int_equal(script_legacy_font(s4, strlen(s4), name, sizeof name), 2);
	assert_string_equal(name, "方正藏文白体");
	const char *s5 = "<font face=TMW1>x</font>";
	assert_int_equal(script_legacy_font(s5, strlen(s5), name, sizeof name), 1);
	assert_string_equal(name, "TMW1");
	/* Unicode fonts, other Founder fonts, "interface=" */
	const char *no[] = {
		"<p style=\"font-family: 'Tibetan Machine Uni'\">x</p>",
		"<p style=\"font-family: Microsoft Himalaya, Jomolhari\">x</p>",
		"<p style=\"font-family: 方正兰亭黑\">x</p>",
		"<x interface=TCRC>",
		"<p>font-family: none</p>",
	};
	for (size_t i = 0; i < sizeof no / sizeof no[0]; i++)
		assert_int_equal(script_legacy_font(no[i], strlen(no[i]), name, sizeof name), 0);

	/* On a page: mostly ASCII text in a legacy font is suspected ... */
	struct page pg;
	test_page(&pg, "<html><body><p><font face=\"TCRC Bod-Yig\">"
		  "bod-yig-gi-gsar-'gyur-</font></p></body></html>");
	assert_string_equal(page_script(&pg)->legacy_font, "TCRC Bod-Yig");
	assert_false(page_script(&pg)->tibetan);
	page_free(&pg);
	/* ... Unicode Tibetan text in the same font is not */
	test_page(&pg, "<html><body><p><font face=\"TCRC Bod-Yig\">"
		  "བོད་ཡིག་གི་གསར་འགྱུར།</font></p></body></html>");
	assert_string_equal(page_script(&pg)->legacy_font, "");
	assert_true(page_script(&pg)->tibetan);
	page_free(&pg);
}

/* ---- figures ---- */

static char *
run(struct page *pg, const struct params *p, const uint8_t *pins)
{
	struct buf b;
	buf_init(&b);
	test_run_into(pg, &method_tib, p, pins, &b);
	return buf_steal(&b, NULL);
}

/* A legacy page under tib.script=auto: '-' is the dot, over all non-link
 * characters: "bod-yig-gi-" 3 / 11; the English line 0 / 20. */
static void
test_legacy_signal(void **state)
{
	(void)state;
	struct page pg;
	struct params p;
	params_default(&p);
	test_page(&pg, "<html><body><p id=\"a\"><font face=\"TCRC Youtso\">"
		  "bod-yig-gi-</font></p><p id=\"b\">Download the fonts here</p>"
		  "</body></html>");
	char *text = run(&pg, &p, NULL);
	int a = test_by_id(&pg, "a"), b = test_by_id(&pg, "b");
	assert_int_equal(page_script(&pg)->legacy_kind, 1);
	assert_true(TIB->legacy);
	assert_int_equal(TIB->signal, SCRIPT_TIBETAN);
	assert_int_equal(TIB->dots[a], 3);
	assert_int_equal(TIB->len[a], 11);
	assert_near(TIB->ver[a], 3.0 / 11, 1e-12);
	assert_int_equal(test_last.dc.reason[b], REASON_VER_LOW);
	assert_string_equal(text, "bod-yig-gi-\n");
	free(text);
	/* forced to Latin: no marks at all */
	p.tib_script = TIB_SCRIPT_LATIN;
	text = run(&pg, &p, NULL);
	assert_false(TIB->legacy);
	assert_string_equal(text, "");
	free(text);
	page_free(&pg);
}

/* nav: 8 link characters.  p1: 8 syllables of one letter, 16 characters,
 * 8 dots.  p2: བོད་ཡིག་ (8, 2 dots) and a link ཀ་ (2).  main = p1 + p2. */
static const char fig_page[] =
	"<html><body>"
	"<div id=\"nav\"><a href=\"/1\">ཀ་ཁ་</a> <a href=\"/2\">ག་ང་</a></div>"
	"<div id=\"main\">"
	"<p id=\"p1\">ཀ་ཁ་ག་ང་ཅ་ཆ་ཇ་ཉ་</p>"
	"<p id=\"p2\">བོད་ཡིག་<a href=\"/3\">ཀ་</a></p>"
	"</div>"
	"<div id=\"empty\"><img src=\"x.png\" alt=\"\"></div>"
	"</body></html>";

static void
test_figures(void **state)
{
	(void)state;
	struct page pg;
	struct params p;
	params_default(&p);
	test_page(&pg, fig_page);
	char *text = run(&pg, &p, NULL);
	const struct tib_figures *f = TIB;
	assert_non_null(f);
	assert_int_equal(f->signal, SCRIPT_TIBETAN);
	int nav = test_by_id(&pg, "nav"), main_ = test_by_id(&pg, "main");
	int p1 = test_by_id(&pg, "p1"), p2 = test_by_id(&pg, "p2");
	int empty = test_by_id(&pg, "empty");
	int body = pg.dom->body;

	/* nav: all link text */
	assert_int_equal(pg.m->LT[nav], 8);
	assert_near(f->rel[nav], 1.0, 1e-12);
	assert_int_equal(f->dots[nav], 0);
	assert_int_equal(test_last.dc.reason[nav], REASON_RELATIVITY);
	/* p1: 8 / 16 */
	assert_int_equal(f->dots[p1], 8);
	assert_int_equal(f->len[p1], 16);
	assert_near(f->rel[p1], 0.0, 1e-12);
	assert_near(f->ver[p1], 0.5, 1e-12);
	/* p2: link 2 of 10; the link's dot does not count */
	assert_int_equal(f->dots[p2], 2);
	assert_int_equal(f->len[p2], 8);
	assert_near(f->rel[p2], 0.2, 1e-12);
	assert_near(f->ver[p2], 0.25, 1e-12);
	/* main: the sums */
	assert_int_equal(f->dots[main_], 10);
	assert_int_equal(f->len[main_], 24);
	assert_near(f->rel[main_], 2.0 / 26, 1e-12);
	assert_near(f->ver[main_], 10.0 / 24, 1e-12);
	/* body: main + nav */
	assert_int_equal(f->dots[body], 10);
	assert_int_equal(f->len[body], 24);
	assert_near(f->rel[body], 10.0 / 34, 1e-12);
	/* no text: 0 and 0, noise */
	assert_near(f->rel[empty], 0.0, 1e-12);
	assert_near(f->ver[empty], 0.0, 1e-12);
	assert_int_equal(test_last.dc.content[empty], 0);
	assert_int_equal(test_last.dc.reason[empty], REASON_VER_LOW);

	assert_int_equal(test_last.dc.content[p1], 1);
	assert_int_equal(test_last.dc.reason[p1], REASON_TIB);
	assert_int_equal(test_last.dc.content[p2], 1);
	assert_string_equal(text, "ཀ་ཁ་ག་ང་ཅ་ཆ་ཇ་ཉ་\nབོད་ཡིག་ཀ་\n");
	free(text);

	/* a pin takes main and its paragraphs out */
	uint8_t *pins = xcalloc((size_t)pg.dom->n, 1);
	pins[main_] = PIN_OUT;
	text = run(&pg, &p, pins);
	assert_int_equal(test_last.dc.reason[p1], REASON_PINNED);
	assert_string_equal(text, "");
	free(text);
	free(pins);
	page_free(&pg);
}

/* A link-heavy sidebar (36 link characters of 44, Relativity 0.82) holding
 * one topical paragraph: the sidebar is pruned, the paragraph survives. */
static void
test_topical_child(void **state)
{
	(void)state;
	struct page pg;
	struct params p;
	params_default(&p);
	test_page(&pg, "<html><body><div id=\"side\"><ul>"
		  "<li><a href=\"/1\">ཀཀཀཀཀཀཀཀ་</a></li>"
		  "<li><a href=\"/2\">ཁཁཁཁཁཁཁཁ་</a></li>"
		  "<li><a href=\"/3\">གགགགགགགག་</a></li>"
		  "<li><a href=\"/4\">ངངངངངངངང་</a></li>"
		  "</ul><p id=\"topic\">བོད་ཡིག་</p></div></body></html>");
	char *text = run(&pg, &p, NULL);
	int side = test_by_id(&pg, "side"), topic = test_by_id(&pg, "topic");
	assert_near(TIB->rel[side], 36.0 / 44, 1e-12);
	assert_int_equal(test_last.dc.content[side], 0);
	assert_int_equal(test_last.dc.reason[side], REASON_RELATIVITY);
	assert_int_equal(test_last.dc.content[topic], 1);
	assert_string_equal(text, "བོད་ཡིག་\n");
	free(text);
	page_free(&pg);
}

/* Veracity 1/8 (7 letters and a dot), 3/5 and 1 (a row of dots);
 * Relativity exactly 0.8. */
static void
test_boundaries(void **state)
{
	(void)state;
	struct page pg;
	struct params p;
	params_default(&p);
	test_page(&pg, "<html><body>"
		  "<p id=\"lo\">ཀཀཀཀཀཀཀ་</p>"
		  "<p id=\"hi\">ཀ་་ཀ་</p>"
		  "<p id=\"row\">་་་་་་་་</p>"
		  "<p id=\"rel\"><a href=\"/\">ཀ་ཁ་</a>ག</p>"
		  "<p id=\"en\">Buy cheap flights now</p>"
		  "</body></html>");
	int lo = test_by_id(&pg, "lo"), hi = test_by_id(&pg, "hi");
	int row = test_by_id(&pg, "row"), rel = test_by_id(&pg, "rel");
	int en = test_by_id(&pg, "en");
	free(run(&pg, &p, NULL));
	/* 5 of 19 syllables at 1-7 (the row of dots): not a Tibetan page by
	 * the 1/3 rule, but Tibetan is the dominant script */
	assert_false(page_script(&pg)->tibetan);
	assert_int_equal(page_script(&pg)->dominant, SCRIPT_TIBETAN);
	assert_int_equal(TIB->signal, SCRIPT_TIBETAN);
	assert_near(TIB->ver[lo], 0.125, 1e-12);
	assert_near(TIB->ver[hi], 0.6, 1e-12);
	assert_near(TIB->ver[row], 1.0, 1e-12);
	assert_near(TIB->rel[rel], 0.8, 1e-12);
	assert_int_equal(test_last.dc.content[lo], 1);
	assert_int_equal(test_last.dc.content[hi], 1);
	assert_int_equal(test_last.dc.reason[row], REASON_VER_HIGH);
	assert_int_equal(test_last.dc.reason[rel], REASON_RELATIVITY);
	/* no Tibetan in the English line: Veracity 0 */
	assert_int_equal(TIB->len[en], 0);
	assert_int_equal(test_last.dc.reason[en], REASON_VER_LOW);

	p.tib_ver_min = 0.13;
	p.tib_ver_max = 0.59;
	p.tib_rel = 0.81;
	free(run(&pg, &p, NULL));
	assert_int_equal(test_last.dc.reason[lo], REASON_VER_LOW);
	assert_int_equal(test_last.dc.reason[hi], REASON_VER_HIGH);
	/* relativity passes now; the non-link ག has no dot */
	assert_int_equal(test_last.dc.reason[rel], REASON_VER_LOW);
	page_free(&pg);
}

/* ---- the generalisation ---- */

static void
test_generalised(void **state)
{
	(void)state;
	struct page pg;
	struct params p;
	double lo, hi;
	params_default(&p);
	/* 13 characters, two marks: 2/13 */
	test_page(&pg, "<html><body><p id=\"zh\">今天天气很好，我们去公园。</p>"
		  "<p id=\"nav\">首页 新闻 体育</p></body></html>");
	char *text = run(&pg, &p, NULL);
	int zh = test_by_id(&pg, "zh"), nav = test_by_id(&pg, "nav");
	assert_int_equal(TIB->signal, SCRIPT_CJK);
	assert_int_equal(TIB->dots[zh], 2);
	assert_int_equal(TIB->len[zh], 13);
	assert_near(TIB->ver[zh], 2.0 / 13, 1e-12);
	assert_near(TIB->ver[nav], 0.0, 1e-12);
	tib_band(TIB, &p, &lo, &hi);
	assert_near(lo, TIB_CJK_LO, 1e-12);
	assert_near(hi, TIB_CJK_HI, 1e-12);
	assert_string_equal(text, "今天天气很好，我们去公园。\n");
	free(text);
	/* tib.script=tibetan: no Tibetan, nothing */
	p.tib_script = TIB_SCRIPT_TIBETAN;
	text = run(&pg, &p, NULL);
	assert_int_equal(TIB->signal, SCRIPT_TIBETAN);
	assert_int_equal(TIB->len[zh], 0);
	assert_string_equal(text, "");
	free(text);
	page_free(&pg);

	/* 95 characters, one comma and one full stop: 2/95 */
	params_default(&p);
	test_page(&pg, "<html><body><p id=\"en\">The council voted on Wednesday "
		  "to keep the island ferry running, ending months of uncertainty "
		  "for the islanders.</p><p id=\"menu\">Home News Sport</p>"
		  "</body></html>");
	text = run(&pg, &p, NULL);
	int en = test_by_id(&pg, "en"), menu = test_by_id(&pg, "menu");
	assert_int_equal(TIB->signal, SCRIPT_LATIN);
	assert_int_equal(TIB->dots[en], 2);
	assert_int_equal(TIB->len[en], 95);
	assert_near(TIB->ver[en], 2.0 / 95, 1e-12);
	assert_int_equal(test_last.dc.reason[menu], REASON_VER_LOW);
	/* the band scales with the parameters */
	p.tib_ver_min = 0.25;
	p.tib_ver_max = 0.3;
	tib_band(TIB, &p, &lo, &hi);
	assert_near(lo, 2 * TIB_LATIN_LO, 1e-12);
	assert_near(hi, TIB_LATIN_HI / 2, 1e-12);
	free(text);
	page_free(&pg);
}

/* tib.script set through the parameter table. */
static void
test_param(void **state)
{
	(void)state;
	struct params p;
	char err[128], v[32];
	params_default(&p);
	assert_int_equal(p.tib_script, TIB_SCRIPT_AUTO);
	assert_int_equal(params_set(&p, "tib.script=cjk", err, sizeof err), 0);
	assert_int_equal(p.tib_script, TIB_SCRIPT_CJK);
	params_format(&p, params_find("tib.script"), v, sizeof v);
	assert_string_equal(v, "cjk");
	assert_int_equal(params_set(&p, "tib.script=greek", err, sizeof err), -1);
	assert_string_equal(reason_name(REASON_VER_HIGH), "veracity-high");
	assert_ptr_equal(method_find("tib"), &method_tib);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_detect_tibetan),
		cmocka_unit_test(test_detect_other),
		cmocka_unit_test(test_detect_third),
		cmocka_unit_test(test_detect_distances),
		cmocka_unit_test(test_legacy_font),
		cmocka_unit_test(test_legacy_signal),
		cmocka_unit_test(test_figures),
		cmocka_unit_test(test_topical_child),
		cmocka_unit_test(test_boundaries),
		cmocka_unit_test(test_generalised),
		cmocka_unit_test(test_param),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}

/* test-metrics.c - TA LA CC TD and sibling groups, worked out by hand from
 * doc/algorithms.md#cc on small pages. */
#include "testlib.h"

/* Elements in pre-order: 0 html, 1 head, 2 title, 3 body, 4 div#nav,
 * 5 a, 6 a, 7 div#main, 8 p, 9 p, 10 a.
 * Characters (whitespace never counts): Home 4 and News 4 (link text);
 * "Hello world, this is text." 22; "Second " 6 + " para." 5 = 11 non-link
 * and "link" 4 link text. */
static const char page1[] =
	"<html><head><title>Title words</title></head><body>\n"
	"<div id=\"nav\"><a href=\"/a\">Home</a> <a href=\"/b\">News</a></div>\n"
	"<div id=\"main\"><p>Hello world, this is text.</p>"
	"<p>Second <a href=\"/c\">link</a> para.</p></div>\n"
	"</body></html>\n";

static void
test_counts(void **state)
{
	(void)state;
	struct page pg;
	test_page(&pg, page1);
	const struct metrics *m = pg.m;
	assert_int_equal(pg.dom->n, 11);
	const int TA[] = { 33, 0, 0, 33, 0, 0, 0, 33, 22, 11, 0 };
	const int LA[] = { 3, 0, 0, 3, 2, 1, 1, 1, 0, 1, 1 };
	const int LT[] = { 12, 0, 0, 12, 8, 4, 4, 4, 0, 4, 4 };
	const int own[] = { 0, 0, 0, 0, 0, 0, 0, 0, 22, 11, 0 };
	for (int i = 0; i < 11; i++) {
		assert_int_equal(m->TA[i], TA[i]);
		assert_int_equal(m->LA[i], LA[i]);
		assert_int_equal(m->LT[i], LT[i]);
		assert_int_equal(m->own[i], own[i]);
	}
	page_free(&pg);
}

static void
test_ratios(void **state)
{
	(void)state;
	struct page pg;
	test_page(&pg, page1);
	const struct metrics *m = pg.m;
	/* CC = TA / max(LA,1) */
	const double CC[] = { 11, 0, 0, 11, 0, 0, 0, 33, 22, 11, 0 };
	/* TD = max(TA(parent),1) / max(LA,1); the root uses its own TA:
	 * html 33/3, head 33/1, title max(0,1)/1, body 33/3, nav 33/2,
	 * a in nav 1/1, main 33/1, p 33/1, p 33/1, a in p 11/1 */
	const double TD[] = { 11, 33, 1, 11, 16.5, 1, 1, 33, 33, 33, 11 };
	for (int i = 0; i < 11; i++) {
		assert_near(m->CC[i], CC[i], 1e-9);
		assert_near(m->TD[i], TD[i], 1e-9);
	}
	page_free(&pg);
}

static void
test_groups(void **state)
{
	(void)state;
	struct page pg;
	test_page(&pg, page1);
	const struct metrics *m = pg.m;
	/* same parent and same tag: the two divs, the two a in nav, the two p */
	assert_int_equal(m->group[4], m->group[7]);
	assert_int_equal(m->group[5], m->group[6]);
	assert_int_equal(m->group[8], m->group[9]);
	assert_int_not_equal(m->group[1], m->group[3]);  /* head, body */
	assert_int_not_equal(m->group[5], m->group[10]); /* a under other parents */
	assert_int_equal(m->group_size[m->group[4]], 2);
	assert_int_equal(m->group_size[m->group[10]], 1);
	page_free(&pg);
}

/* Entities decode to characters; nbsp is whitespace; script, style,
 * noscript and template text counts nowhere; a link needs href. */
static void
test_counting_rules(void **state)
{
	(void)state;
	struct page pg;
	test_page(&pg,
		  "<html><body><div id=\"x\">a&amp;b&nbsp;c "
		  "<script>var abc = 1;</script><style>p{}</style>"
		  "<noscript>nojs</noscript><template>tpl</template>"
		  "<a name=\"n\">anchor</a>中文字</div></body></html>");
	int x = test_by_id(&pg, "x");
	assert_true(x >= 0);
	/* a&b 3 + c 1 + anchor 6 + 3 CJK characters */
	assert_int_equal(pg.m->TA[x], 13);
	assert_int_equal(pg.m->LA[x], 0);
	page_free(&pg);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_counts),
		cmocka_unit_test(test_ratios),
		cmocka_unit_test(test_groups),
		cmocka_unit_test(test_counting_rules),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}

/* test-geometry.c - estimated boxes, worked out by hand. */
#include "testlib.h"

#include "method/ent-geometry.h"

static struct geometry *
estimate(struct page *pg, const char *html)
{
	struct params p;
	params_default(&p);
	test_page(pg, html);
	return geometry_estimate(pg->dom, pg->m, &p);
}

static void
test_lengths(void **state)
{
	(void)state;
	double px = -1;
	assert_int_equal(geometry_parse_length("600", 1000, &px), 1);
	assert_near(px, 600, 1e-9);
	assert_int_equal(geometry_parse_length(" 600px", 1000, &px), 1);
	assert_near(px, 600, 1e-9);
	assert_int_equal(geometry_parse_length("80%", 500, &px), 1);
	assert_near(px, 400, 1e-9);
	assert_int_equal(geometry_parse_length("auto", 500, &px), 0);
	assert_int_equal(geometry_parse_length("10em", 500, &px), 0);
	assert_int_equal(geometry_style_width("max-width: 10px; width : 20px", 1000, &px), 1);
	assert_near(px, 20, 1e-9);
	assert_int_equal(geometry_style_width("border-width:3px;min-width:5px", 1000, &px), 0);
	assert_int_equal(geometry_style_hidden("color:red; display : none"), 1);
	assert_int_equal(geometry_style_hidden("display:block"), 0);
	assert_near(geometry_char_px('x'), 8, 1e-9);
	assert_near(geometry_char_px(0x4E2D), 16, 1e-9);   /* 中 */
	assert_near(geometry_char_px(0xAC00), 16, 1e-9);   /* 가 */
	assert_near(geometry_char_px(' '), 0, 1e-9);
}

/* 150 x 8 px = 1200 px at 1000 px: 2 lines, 40 px; 100 x 8 = 800 px at
 * 500 px: 2 lines; 10 CJK + 5 Latin = 200 px: 1 line; "a<br>b" 16 px: one
 * line plus one break; body = 40 + 40 + 0 + 0 + 20 + 40 = 140. */
static void
test_boxes(void **state)
{
	(void)state;
	char html[2048], xs[151], ys[101];
	memset(xs, 'x', 150);
	xs[150] = 0;
	memset(ys, 'y', 100);
	ys[100] = 0;
	snprintf(html, sizeof html,
		 "<html><body>"
		 "<div id=a><p id=pa>%s</p></div>"
		 "<div id=b style=\"width:50%%\"><p id=pb>%s</p></div>"
		 "<div id=c width=\"300\"></div>"
		 "<div id=d style=\"display:none\"><p id=pd>hidden text</p></div>"
		 "<p id=cjk>中文中文中文中文中文 abcde</p>"
		 "<p id=br>a<br>b</p>"
		 "<script>var x = 1;</script>"
		 "</body></html>", xs, ys);
	struct page pg;
	struct geometry *g = estimate(&pg, html);
	assert_string_equal(g->source, "estimate");
	int a = test_by_id(&pg, "a"), b = test_by_id(&pg, "b"), c = test_by_id(&pg, "c");
	int dd = test_by_id(&pg, "d"), pd = test_by_id(&pg, "pd");
	int cjk = test_by_id(&pg, "cjk"), br = test_by_id(&pg, "br");
	int body = pg.dom->body;
	assert_near(g->width[body], 1000, 1e-9);
	assert_near(g->width[a], 1000, 1e-9);
	assert_near(g->height[a], 40, 1e-9);
	assert_near(g->height[test_by_id(&pg, "pa")], 40, 1e-9);
	assert_near(g->width[b], 500, 1e-9);
	assert_near(g->width[test_by_id(&pg, "pb")], 500, 1e-9);
	assert_near(g->height[b], 40, 1e-9);
	assert_near(g->width[c], 300, 1e-9);
	assert_near(g->height[c], 0, 1e-9);
	assert_near(g->width[dd], 0, 1e-9);
	assert_near(g->height[dd], 0, 1e-9);
	assert_near(g->width[pd], 0, 1e-9);
	assert_near(g->height[cjk], 20, 1e-9);
	assert_near(g->height[br], 40, 1e-9);
	assert_near(g->height[body], 140, 1e-9);
	int script = -1;
	for (int i = 0; i < pg.dom->n; i++)
		if (!strcmp(dom_tagname(pg.dom, i), "script"))
			script = i;
	assert_true(script >= 0);
	assert_near(g->width[script], 0, 1e-9);
	assert_near(g->height[script], 0, 1e-9);
	geometry_free(g);
	page_free(&pg);
}

/* ent.width sets the root width; a width attribute in px nests inside. */
static void
test_root_width(void **state)
{
	(void)state;
	struct params p;
	params_default(&p);
	char err[128];
	assert_int_equal(params_set(&p, "ent.width=400", err, sizeof err), 0);
	struct page pg;
	test_page(&pg, "<body><table width=\"50%\"><tr><td id=t>"
		  "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa</td></tr></table></body>");
	struct geometry *g = geometry_estimate(pg.dom, pg.m, &p);
	int t = test_by_id(&pg, "t");
	/* 30 x 8 = 240 px in 200 px: 2 lines */
	assert_near(g->width[t], 200, 1e-9);
	assert_near(g->height[t], 40, 1e-9);
	assert_near(g->height[pg.dom->body], 40, 1e-9);
	geometry_free(g);
	geometry_free(NULL);
	page_free(&pg);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_lengths),
		cmocka_unit_test(test_boxes),
		cmocka_unit_test(test_root_width),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}

/* test-auto.c - the auto method: the reading-order run, and the decision
 * on a hand-made page. */
#include "testlib.h"

#include "auto.h"

static void
test_best_run(void **state)
{
	(void)state;
	int s, e;
	/* 5 - 2 + 4 = 7 beats 5 and 4 alone; the -9 breaks the run */
	const double v1[] = { -1, 5, -2, 4, -9, 6 };
	auto_best_run(v1, 6, &s, &e);
	assert_int_equal(s, 1);
	assert_int_equal(e, 3);
	/* a larger block later wins */
	const double v2[] = { 3, -9, 8, -1 };
	auto_best_run(v2, 4, &s, &e);
	assert_int_equal(s, 2);
	assert_int_equal(e, 2);
	/* nothing positive: an empty run */
	const double v3[] = { -1, -2 };
	auto_best_run(v3, 2, &s, &e);
	assert_true(e < s);
	auto_best_run(v3, 0, &s, &e);
	assert_true(e < s);
}

/* An article between navigation, a related-stories list, a reply thread
 * and a footer.  What the model (src/auto-model.h) keeps: the headline and
 * the three paragraphs.  Retraining the model may change this page's
 * figures; the expected text is what a reader would call the article. */
static const char page[] =
	"<html><head><title>Rain returns to the valley</title></head><body>"
	"<div class=\"nav\"><a href=\"/\">Home</a> <a href=\"/news\">News</a> "
	"<a href=\"/sport\">Sport</a></div>"
	"<article><h1>Rain returns to the valley</h1>"
	"<p>After four months without a drop, rain fell across the valley on "
	"Tuesday night, filling the reservoirs that had dropped to a third of "
	"their capacity.</p>"
	"<p>Farmers said the water came too late for the wheat but in time for "
	"the maize, which is planted later in the season.</p>"
	"<p>The weather office expects two more wet days before the heat "
	"returns at the weekend.</p></article>"
	"<div class=\"related\"><h3>More stories</h3><ul><li><a href=\"/a\">Bridge "
	"repairs start in spring</a></li><li><a href=\"/b\">School choir wins "
	"regional prize</a></li></ul></div>"
	"<div id=\"c1\"><h3>Leave a reply</h3><form><input name=\"q\"></form>"
	"<div class=\"c2\"><p>Finally! My garden was completely dry and the "
	"tomatoes were dying on the vine this summer.</p></div></div>"
	"<footer><p>Copyright 2024 The Valley Courier. All rights reserved.</p>"
	"</footer></body></html>";

static void
test_article(void **state)
{
	(void)state;
	struct page pg;
	struct params p;
	params_default(&p);
	test_page(&pg, page);
	struct buf b;
	buf_init(&b);
	page_run(&pg, ALGO_AUTO, &p, NULL, &b);
	assert_string_equal(b.data,
		"Rain returns to the valley\n"
		"After four months without a drop, rain fell across the valley on "
		"Tuesday night, filling the reservoirs that had dropped to a third "
		"of their capacity.\n"
		"Farmers said the water came too late for the wheat but in time for "
		"the maize, which is planted later in the season.\n"
		"The weather office expects two more wet days before the heat "
		"returns at the weekend.\n");
	/* every block has a probability; other elements have none */
	int h1 = dom_tag_id(pg.dom, "h1");
	for (int i = 0; i < pg.dom->n; i++) {
		if (pg.dom->tag[i] == h1)
			assert_true(pg.score[i] >= 0.5);
		if (!strcmp(dom_tagname(pg.dom, i), "body"))
			assert_near(pg.score[i], -1, 0);
	}
	/* contributions add up to the logit of the probability */
	double contrib[F_COUNT], z = 0;
	int first_p = -1;
	for (int i = 0; i < pg.dom->n && first_p < 0; i++)
		if (!strcmp(dom_tagname(pg.dom, i), "p"))
			first_p = i;
	double prob = auto_contributions(&pg, first_p, contrib);
	for (int k = 0; k < F_COUNT; k++)
		z += contrib[k];
	assert_near(prob, 1 / (1 + exp(-z)), 1e-6);
	/* auto.T = 0 keeps every block, from the menu to the footer */
	p.auto_T = 0;
	b.len = 0;
	page_run(&pg, ALGO_AUTO, &p, NULL, &b);
	assert_true(!strncmp(b.data, "Home News Sport\n", 16));
	assert_non_null(strstr(b.data, "All rights reserved."));
	buf_free(&b);
	page_free(&pg);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_best_run),
		cmocka_unit_test(test_article),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}

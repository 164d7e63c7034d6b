/* test-entropy.c - entropy weights, the paper's worked variance, the
 * descent and extraction paths on small pages worked out by hand. */
#include "testlib.h"

#include "method/ent-entropy.h"
#include "method/ent-geometry.h"

/* The paper's example (Phoenix news page, children of body): importances
 * 0.040 0.007 0.612 0.085 0.008; mean 0.1504, population variance
 * 0.2704 / 5 = 0.0541: below 0.1, so
 * the descent continues into the 0.612 child (div.main). */
static void
test_paper_variance(void **state)
{
	(void)state;
	const double ipt[] = { 0.040, 0.007, 0.612, 0.085, 0.008 };
	double v = entropy_variance(ipt, 5);
	assert_near(v, 0.0541, 0.00005);
	assert_true(v < 0.1);
	int best = 0;
	for (int i = 1; i < 5; i++)
		if (ipt[i] > ipt[best])
			best = i;
	assert_int_equal(best, 2);
}

/* The paper's example under both tests.  ent.stop=paper: the raw variance
 * of 0.040 0.007 0.612 0.085 0.008 (sum 0.752, mean 0.1504): deviations
 * -0.1104 -0.1434 0.4616 -0.0654 -0.1424, squares 0.01218816 0.02056356
 * 0.21307456 0.00427716 0.02027776, sum 0.2703812, / 5 = 0.0541 (the paper
 * prints 0.0539) < 0.1: down.  ent.stop=norm: rescaled to sum 1 the
 * variance is 0.0540762 / 0.752^2 = 0.095625, over the maximum
 * (5-1)/5^2 = 0.16 that is 0.5977 >= 0.1: down as well. */
static void
test_paper_example_stop(void **state)
{
	(void)state;
	const double ipt[] = { 0.040, 0.007, 0.612, 0.085, 0.008 };
	struct params p;
	char err[128];
	params_default(&p);
	assert_int_equal(params_set(&p, "ent.stop=paper", err, sizeof err), 0);
	assert_int_equal(p.ent_stop, ENT_STOP_PAPER);
	assert_near(entropy_variance(ipt, 5), 0.0541, 0.00005);
	assert_true(entropy_goes_down(ipt, 5, &p));
	/* a threshold under the variance stops it */
	assert_int_equal(params_set(&p, "ent.var=0.05", err, sizeof err), 0);
	assert_false(entropy_goes_down(ipt, 5, &p));
	params_default(&p);
	assert_int_equal(p.ent_stop, ENT_STOP_NORM);
	assert_near(entropy_variance_norm(ipt, 5), 0.5977, 0.00005);
	assert_true(entropy_goes_down(ipt, 5, &p));
}

/* The template page of the issue: header, wrapper, footer with
 * importances 0.04 0.85 0.11 (mean 1/3).  Deviations -0.29333 0.51667
 * -0.22333, squares 0.086044 0.266944 0.049878, sum 0.402867, variance
 * 0.134289: at or above 0.1, so the paper's test stops at body.  Over the
 * maximum (3-1)/3^2 = 0.222222: 0.6043 >= 0.1, one child dominates, so
 * the normalised test goes down (into the 0.85 child).  Three comparable
 * children 0.30 0.35 0.35: deviations -0.03333 0.01667 0.01667, variance
 * 0.0016667 / 3 = 0.00055556, over 0.222222 = 0.0025 < 0.1: stop.  One
 * child: 1 (down); all equal: 0. */
static void
test_norm_stop(void **state)
{
	(void)state;
	const double dom[] = { 0.04, 0.85, 0.11 };
	const double flat[] = { 0.30, 0.35, 0.35 };
	const double one[] = { 1 };
	const double eq[] = { 0.25, 0.25, 0.25, 0.25 };
	struct params p;
	char err[128];
	params_default(&p);
	assert_near(entropy_variance(dom, 3), 0.134289, 0.000001);
	assert_near(entropy_variance_norm(dom, 3), 0.6043, 0.00005);
	assert_true(entropy_goes_down(dom, 3, &p));
	assert_near(entropy_variance_norm(flat, 3), 0.0025, 1e-9);
	assert_false(entropy_goes_down(flat, 3, &p));
	assert_near(entropy_variance_norm(one, 1), 1, 1e-12);
	assert_true(entropy_goes_down(one, 1, &p));
	assert_near(entropy_variance_norm(eq, 4), 0, 1e-12);
	/* rescaling: importances that do not sum to 1 give the same figure */
	const double half[] = { 0.02, 0.425, 0.055 };
	assert_near(entropy_variance_norm(half, 3), entropy_variance_norm(dom, 3), 1e-12);
	assert_int_equal(params_set(&p, "ent.stop=paper", err, sizeof err), 0);
	assert_false(entropy_goes_down(dom, 3, &p));
	assert_true(entropy_goes_down(flat, 3, &p));
	assert_int_equal(params_set(&p, "ent.stop=both", err, sizeof err), -1);
	assert_string_equal(err, "ent.stop takes norm or paper, not 'both'");
}

/* The same five children from their printed height, width and text.
 * e = (0.4032, 0.9757, 0.2874), w = (0.4475, 0.0182, 0.5343); div.main
 * gets 0.8346.  The paper's own importances sum to 0.752, not 1, so its
 * formula differs: these figures give variance 0.1016, just above 0.1. */
static void
test_paper_figures(void **state)
{
	(void)state;
	const double x[] = {
		501, 1265, 86,
		53, 676, 21,
		10986, 676, 1409,
		2245, 676, 54,
		76, 676, 9,
	};
	double w[3], ipt[5];
	entropy_weights(x, 5, 3, w);
	assert_near(w[ENT_HEIGHT], 0.4475, 0.0005);
	assert_near(w[ENT_WIDTH], 0.0182, 0.0005);
	assert_near(w[ENT_TEXT], 0.5343, 0.0005);
	entropy_importance(x, 5, 3, w, ipt);
	assert_near(ipt[0], 0.0511, 0.0005);
	assert_near(ipt[2], 0.8346, 0.0005);
	assert_near(ipt[0] + ipt[1] + ipt[2] + ipt[3] + ipt[4], 1.0, 1e-9);
	assert_near(entropy_variance(ipt, 5), 0.1016, 0.0005);
}

/* m = 1: ln m = 0; every e_j is taken as 0, weights 1/3 each, ipt 1,
 * variance 0.  Equal rows: every e_j = 1, weights equal, ipt 1/m. */
static void
test_degenerate(void **state)
{
	(void)state;
	const double one[] = { 10, 20, 30 };
	double w[3], ipt[4];
	entropy_weights(one, 1, 3, w);
	for (int j = 0; j < 3; j++)
		assert_near(w[j], 1.0 / 3, 1e-12);
	entropy_importance(one, 1, 3, w, ipt);
	assert_near(ipt[0], 1, 1e-12);
	assert_near(entropy_variance(ipt, 1), 0, 1e-12);
	const double same[] = { 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5 };
	entropy_weights(same, 4, 3, w);
	for (int j = 0; j < 3; j++)
		assert_true(isfinite(w[j]));
	assert_near(w[0] + w[1] + w[2], 1, 1e-12);
	entropy_importance(same, 4, 3, w, ipt);
	for (int i = 0; i < 4; i++)
		assert_near(ipt[i], 0.25, 1e-12);
	assert_near(entropy_variance(ipt, 4), 0, 1e-12);
}

static const char *const ten = "abcdefghij";

/* body: #x one 10-char p (20 px, 10 chars), #y three (60 px, 30 chars),
 * #nav links only (no non-link text: pruned), an img and a script
 * (pruned).  Heights and texts are both 1:3, widths equal (e = 1, weight
 * 0): ipt = 0.25, 0.75, variance 0.0625, over the maximum 1/4 of two
 * children 0.25 >= 0.1: #y dominates, into #y.  In #y three equal p:
 * variance 0, no child dominates, the descent stops at #y.  (With
 * ent.stop=paper, 0.0625 < 0.1 goes down too, and in #y variance 0 < 0.1
 * would go on but a p is no container: the same stop.) */
static void
test_descent(void **state)
{
	(void)state;
	char html[1024];
	snprintf(html, sizeof html,
		 "<body><div id=nav><a href=/>home</a> <a href=/x>x</a></div>"
		 "<img src=a.png alt=logo><script>1</script>"
		 "<div id=x><p>%s</p></div>"
		 "<div id=y><p>%s</p><p>%s</p><p>%s</p></div></body>",
		 ten, ten, ten, ten);
	struct page pg;
	test_page(&pg, html);
	struct params p;
	params_default(&p);
	struct geometry *g = geometry_estimate(pg.dom, pg.m, &p);
	struct entropy *e = entropy_find(pg.dom, pg.m, g, &p, NULL);
	int x = test_by_id(&pg, "x"), y = test_by_id(&pg, "y");
	assert_true(entropy_pruned(pg.dom, pg.m, g, NULL, test_by_id(&pg, "nav")));
	assert_false(entropy_pruned(pg.dom, pg.m, g, NULL, x));
	assert_int_equal(e->nsteps, 2);
	assert_int_equal(e->steps[0].node, pg.dom->body);
	assert_int_equal(e->steps[0].nkids, 2);
	assert_near(e->steps[0].w[ENT_WIDTH], 0, 1e-12);
	assert_near(e->steps[0].w[ENT_HEIGHT], 0.5, 1e-12);
	assert_near(e->ipt[x], 0.25, 1e-12);
	assert_near(e->ipt[y], 0.75, 1e-12);
	assert_near(e->steps[0].variance, 0.0625, 1e-12);
	assert_near(e->steps[0].vnorm, 0.25, 1e-12);
	assert_int_equal(e->steps[0].down, 1);
	assert_int_equal(e->steps[0].best, y);
	assert_int_equal(e->steps[1].nkids, 3);
	assert_near(e->steps[1].variance, 0, 1e-12);
	assert_int_equal(e->steps[1].down, 0);
	assert_int_equal(e->stop, y);
	assert_string_equal(e->why, "no child dominates: variance/max below ent.var");
	entropy_free(e);
	char err[128];
	assert_int_equal(params_set(&p, "ent.stop=paper", err, sizeof err), 0);
	e = entropy_find(pg.dom, pg.m, g, &p, NULL);
	assert_int_equal(e->stop, y);
	assert_int_equal(e->steps[1].down, 1);
	assert_string_equal(e->why, "the most important child is not a container");

	test_decision(&pg);
	entropy_decide(pg.dom, e->stop, NULL, &test_last.dc);
	assert_int_equal(test_last.dc.content[y], 1);
	assert_int_equal(test_last.dc.reason[y], REASON_PATH);
	assert_int_equal(test_last.dc.content[x], 0);
	assert_int_equal(test_last.dc.reason[x], REASON_NOISE);
	assert_int_equal(test_last.dc.reason[pg.dom->body], REASON_ABOVE);
	struct buf out;
	buf_init(&out);
	extract_text(pg.dom, test_last.dc.content, &out);
	assert_string_equal(out.data, "abcdefghij\nabcdefghij\nabcdefghij\n");
	buf_free(&out);
	entropy_free(e);
	geometry_free(g);
	page_free(&pg);
}

/* #a one p (20 px, 10 chars) and #b nine (180 px, 90 chars): ipt 0.1 and
 * 0.9, variance 0.16.  ent.stop=paper: 0.16 >= 0.1, so body is the stop.
 * ent.stop=norm: 0.16 over 1/4 is 0.64 >= 0.1, #b dominates: into #b. */
static void
test_stop_on_variance(void **state)
{
	(void)state;
	struct buf h;
	buf_init(&h);
	buf_printf(&h, "<body><div id=a><p>%s</p></div><div id=b>", ten);
	for (int i = 0; i < 9; i++)
		buf_printf(&h, "<p>%s</p>", ten);
	buf_adds(&h, "</div></body>");
	struct page pg;
	test_page(&pg, h.data);
	struct params p;
	char err[128];
	params_default(&p);
	struct geometry *g = geometry_estimate(pg.dom, pg.m, &p);
	struct entropy *e = entropy_find(pg.dom, pg.m, g, &p, NULL);
	assert_near(e->ipt[test_by_id(&pg, "b")], 0.9, 1e-12);
	assert_near(e->steps[0].variance, 0.16, 1e-12);
	assert_near(e->steps[0].vnorm, 0.64, 1e-12);
	assert_int_equal(e->stop, test_by_id(&pg, "b"));
	/* a normalised threshold above 0.64 keeps body */
	assert_int_equal(params_set(&p, "ent.var=0.7", err, sizeof err), 0);
	entropy_free(e);
	e = entropy_find(pg.dom, pg.m, g, &p, NULL);
	assert_int_equal(e->stop, pg.dom->body);
	assert_string_equal(e->why, "no child dominates: variance/max below ent.var");
	entropy_free(e);

	assert_int_equal(params_set(&p, "ent.stop=paper", err, sizeof err), 0);
	assert_int_equal(params_set(&p, "ent.var=0.1", err, sizeof err), 0);
	e = entropy_find(pg.dom, pg.m, g, &p, NULL);
	assert_int_equal(e->stop, pg.dom->body);
	assert_string_equal(e->why, "variance at or above ent.var");
	/* a higher ent.var lets the paper's test descend into #b */
	assert_int_equal(params_set(&p, "ent.var=0.2", err, sizeof err), 0);
	entropy_free(e);
	e = entropy_find(pg.dom, pg.m, g, &p, NULL);
	assert_int_equal(e->stop, test_by_id(&pg, "b"));
	entropy_free(e);
	entropy_free(NULL);
	geometry_free(g);
	buf_free(&h);
	page_free(&pg);
}

/* Paths: a stable id anchors the XPath, class tokens unique among
 * same-tag siblings come next, positions last; ids and classes with digits
 * are not trusted.  The path finds the same node in a sibling page. */
static void
test_paths(void **state)
{
	(void)state;
	struct page a, b;
	test_page(&a, "<body><div id=wrap><div class=\"col side\">s</div>"
		  "<div class=\"col main\"><div><section id=post-17><p>x</p>"
		  "</section></div></div></div></body>");
	test_page(&b, "<body><div id=wrap><div class=\"col side\">s</div>"
		  "<div class=\"col main\"><div><section id=post-99><p>y</p>"
		  "</section></div></div></div></body>");
	int t = a.dom->first_child[test_by_id(&a, "post-17")];
	struct ent_path *p = entropy_path_new(a.dom, t);
	assert_int_equal(p->n, 5);
	assert_string_equal(p->xpath,
		"//div[@id='wrap']"
		"/div[contains(concat(' ',normalize-space(@class),' '),' main ')]"
		"/div[1]/section[1]/p[1]");
	assert_int_equal(p->nid, 1);
	assert_int_equal(p->nclass, 1);
	assert_int_equal(p->npos, 3);
	assert_string_equal(entropy_path_kind(p), "position");
	assert_int_equal(entropy_path_find(p, a.dom), t);
	assert_int_equal(entropy_path_find(p, b.dom), b.dom->first_child[test_by_id(&b, "post-99")]);
	entropy_path_free(p);

	p = entropy_path_new(a.dom, a.dom->body);
	assert_string_equal(p->xpath, "/html/body");
	assert_string_equal(entropy_path_kind(p), "body");
	assert_int_equal(entropy_path_find(p, b.dom), b.dom->body);
	entropy_path_free(p);

	struct page c;
	test_page(&c, "<body><div><p>a</p></div><div class=x><p>b</p></div></body>");
	int q = c.dom->first_child[c.dom->next_sibling[c.dom->first_child[c.dom->body]]];
	p = entropy_path_new(c.dom, q);
	assert_int_equal(entropy_path_find(p, c.dom), q);
	assert_string_equal(p->xpath,
		"/html/body/div[contains(concat(' ',normalize-space(@class),' '),' x ')]/p[1]");
	assert_string_equal(entropy_path_kind(p), "position");
	entropy_path_free(p);
	/* a path that names nothing */
	p = entropy_path_new(a.dom, t);
	assert_int_equal(entropy_path_find(p, c.dom), -1);
	entropy_path_free(p);
	entropy_path_free(NULL);
	page_free(&a);
	page_free(&b);
	page_free(&c);
}

static void
test_containers(void **state)
{
	(void)state;
	struct page pg;
	test_page(&pg, "<body><div id=a><p>x</p></div><div id=b><span>x</span>"
		  "<a href=/>y</a></div><ul id=u><li id=l>t</li></ul></body>");
	assert_true(entropy_is_container(pg.dom, test_by_id(&pg, "a")));
	assert_false(entropy_is_container(pg.dom, test_by_id(&pg, "b")));
	assert_true(entropy_is_container(pg.dom, test_by_id(&pg, "u")));
	assert_false(entropy_is_container(pg.dom, test_by_id(&pg, "l")));
	page_free(&pg);
}

/* Two article pages and a list page: the articles share a cluster and a
 * path; the list page is its own cluster. */
static void
test_site(void **state)
{
	(void)state;
	/* body: #head (20 px, 9 chars), #main (60 px, ~70), #side (20, 12),
	 * #foot (20, 8): variance about 0.07, into #main, whose children are
	 * no containers. */
#define SITE_PAGE(h, p1, p2) "<body><div id=head><p>Site news</p></div>" \
		"<div id=main><h1>" h "</h1><p>" p1 "</p><p>" p2 "</p></div>" \
		"<div id=side><p>Related item</p></div>" \
		"<div id=foot><p>(c) site</p></div></body>"
	const char *h1 = SITE_PAGE("One", "first paragraph of the first article",
				   "second paragraph of the first article");
	const char *h2 = SITE_PAGE("Two", "first paragraph, article two",
				   "second paragraph, article two, rather longer than the other one");
	const char *h3 = "<body><table><tr><td><a href=/1>1</a></td></tr>"
		"<tr><td><a href=/2>2</a></td></tr></table><form><input></form></body>";
	struct page pg[3];
	test_page(&pg[0], h1);
	test_page(&pg[1], h2);
	test_page(&pg[2], h3);
	struct params p;
	params_default(&p);
	const struct dom *doms[3] = { pg[0].dom, pg[1].dom, pg[2].dom };
	const struct metrics *ms[3] = { pg[0].m, pg[1].m, pg[2].m };
	struct entropy_site *s = entropy_site_new(doms, ms, 3, &p, NULL);
	assert_int_equal(s->nclusters, 2);
	assert_int_equal(s->cluster[0], 0);
	assert_int_equal(s->cluster[1], 0);
	assert_int_equal(s->cluster[2], 1);
	assert_int_equal(s->sample[0], 0);
	assert_string_equal(s->path[0]->xpath, "//div[@id='main']");
	int fb;
	assert_int_equal(entropy_site_stop(s, 1, pg[1].dom, pg[1].m, &p, &fb),
			 test_by_id(&pg[1], "main"));
	assert_int_equal(fb, 0);
	entropy_site_free(s);
	for (int i = 0; i < 3; i++)
		page_free(&pg[i]);
}

/* A page at a time: each page is freed as soon as it was added, and only
 * the clusters' samples are read again, once each, at the end; the site
 * is the one test_site builds with every page in hand. */
struct reload_log {
	const char *html[3];
	struct page pg;
	int calls[4], ncalls;
};

static int
reload_logged(void *ctx, int i, const struct dom **d, const struct metrics **m)
{
	struct reload_log *r = ctx;
	page_free(&r->pg);
	if (r->ncalls < 4)
		r->calls[r->ncalls++] = i;
	if (i < 0)
		return 0;
	test_page(&r->pg, r->html[i]);
	*d = r->pg.dom;
	*m = r->pg.m;
	return 0;
}

static void
test_site_streamed(void **state)
{
	(void)state;
	struct reload_log r = { .html = {
		SITE_PAGE("One", "first paragraph of the first article",
			  "second paragraph of the first article"),
		SITE_PAGE("Two", "first paragraph, article two",
			  "second paragraph, article two, rather longer than the other one"),
		"<body><table><tr><td><a href=/1>1</a></td></tr>"
		"<tr><td><a href=/2>2</a></td></tr></table><form><input></form></body>" } };
	struct params p;
	params_default(&p);
	struct entropy_build *b = entropy_build_new(4);
	for (int i = 0; i < 3; i++) {
		struct page pg;
		test_page(&pg, r.html[i]);
		entropy_build_add(b, i, pg.dom, NULL);
		page_free(&pg);
	}
	entropy_build_add(b, 3, NULL, NULL);    /* a page that failed */
	assert_int_equal(entropy_build_pages(b), 3);
	struct entropy_site *s = entropy_build_end(b, &p, reload_logged, &r);
	/* the samples of the two clusters, then the end */
	assert_int_equal(r.ncalls, 3);
	assert_int_equal(r.calls[0], 0);
	assert_int_equal(r.calls[1], 2);
	assert_int_equal(r.calls[2], -1);
	assert_int_equal(s->nclusters, 2);
	assert_int_equal(s->cluster[1], 0);
	assert_int_equal(s->cluster[2], 1);
	assert_int_equal(s->cluster[3], -1);
	assert_string_equal(s->path[0]->xpath, "//div[@id='main']");
	struct page pg;
	test_page(&pg, r.html[1]);
	int fb;
	assert_int_equal(entropy_site_stop(s, 1, pg.dom, pg.m, &p, &fb), test_by_id(&pg, "main"));
	assert_int_equal(fb, 0);
	page_free(&pg);
	entropy_site_free(s);
}

/* The page's own text, as TA counts text: "Ab", three no-break spaces
 * (white space, no text), "cd" and an a without href (no link: "ef")
 * make 2 + 2 + 2 = 6 characters in p; "gh" is link text; "Same footer"
 * stands on the one other page, which is enough to make it the
 * template's: 0.  body: 6. */
static void
test_own_text(void **state)
{
	(void)state;
	struct page pg[2];
	test_page(&pg[0], "<body><div id=x><p id=p>Ab&nbsp;&nbsp;&nbsp;cd <a name=n>ef</a> "
		  "<a href=/g>gh</a></p></div><div id=t><p>Same footer</p></div></body>");
	test_page(&pg[1], "<body><div id=t><p>Same footer</p></div><p>Other</p></body>");
	struct params p;
	params_default(&p);
	const struct dom *doms[2] = { pg[0].dom, pg[1].dom };
	const struct metrics *ms[2] = { pg[0].m, pg[1].m };
	char *paths[2] = { "a.html", "b.html" };
	struct entropy_site *s = entropy_site_new(doms, ms, 2, &p, paths);
	double *own = entropy_own_text(s, pg[0].dom, pg[0].m, &p, "a.html");
	assert_non_null(own);
	assert_near(own[test_by_id(&pg[0], "p")], 6, 1e-9);
	assert_near(own[test_by_id(&pg[0], "t")], 0, 1e-9);
	assert_near(own[pg[0].dom->body], 6, 1e-9);
	free(own);
	entropy_site_free(s);
	for (int i = 0; i < 2; i++)
		page_free(&pg[i]);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_paper_variance),
		cmocka_unit_test(test_paper_example_stop),
		cmocka_unit_test(test_norm_stop),
		cmocka_unit_test(test_paper_figures),
		cmocka_unit_test(test_degenerate),
		cmocka_unit_test(test_descent),
		cmocka_unit_test(test_stop_on_variance),
		cmocka_unit_test(test_paths),
		cmocka_unit_test(test_containers),
		cmocka_unit_test(test_site),
		cmocka_unit_test(test_site_streamed),
		cmocka_unit_test(test_own_text),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}

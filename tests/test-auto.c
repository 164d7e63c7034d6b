/* test-auto.c - the auto method: the reading-order run, and the decision
 * on a hand-made page. */
#include "testlib.h"

/* auto's per-page state from the last run */
#define ST ((const struct auto_state *)test_last.state)

#include "method/auto-decide.h"

/* A page of a site and two of its siblings: three paragraphs of its own,
 * a notice every page of the site carries, and a footer. */
#define SITE_PAGE(head, own1, own2, own3) \
	"<html><head><title>t</title></head><body><div id='nav'><a href='/'>Home</a> " \
	"<a href='/n'>News</a></div><div id='story'><h1>" head "</h1>" \
	"<p>" own1 "</p><p>" own2 "</p><p>" own3 "</p>" \
	"<p>The Valley Courier is published every Thursday by the Valley Press Trust, a " \
	"charity founded by the readers themselves in nineteen twelve.</p></div>" \
	"<div id='foot'>Contact us</div></body></html>"

static const char site_a[] = SITE_PAGE("Flood defences hold",
	"The river rose three metres overnight, and the town's volunteers filled sandbags "
	"until the morning, working in shifts along the bank.",
	"By noon the water had reached the old mill, where the council had put up a wall "
	"of boards and sand the week before, and it held.",
	"Residents said the night was the worst since the great flood of their parents' "
	"time, but that nobody had been hurt and few houses were wet.");
static const char site_b[] = SITE_PAGE("Bakery wins award",
	"The bakery on the High Street won the county bread award for its sourdough loaf, "
	"beating forty other bakeries from across the county.",
	"The judges praised the crust and the open crumb of the loaf, which the baker has "
	"made the same way for twenty years from his own starter.",
	"He plans to use the prize money to buy a second oven, so that the shop can open "
	"on Sundays as well as on the other six days of the week.");
static const char site_c[] = SITE_PAGE("Pavilion fund",
	"The cricket club has raised half of the money it needs for a new pavilion, after "
	"a summer of raffles, quiz nights and a sponsored walk.",
	"The old pavilion was built in the fifties and its roof leaks so badly that the "
	"teas are served in the car park when it rains on a match day.",
	"Anyone who would like to help can contact the club through its website, or find "
	"its members at the Saturday market by the church.");

static void
collect_line(void *ctx, enum explain_role role, const char *text)
{
	(void)role;
	buf_printf(ctx, "%s\n", text);
}

/* With --siblings, a kept block all of whose text stands on the siblings
 * is the template's: the notice goes (reason template), the page's own
 * paragraphs stay; without siblings nothing changes. */
/* A page none of whose blocks has three words has no word trigrams at
 * all: the repeat test still runs (and keeps both blocks, each too
 * short to repeat another), a threshold change runs it again. */
static void
test_no_trigrams(void **state)
{
	(void)state;
	struct page pg;
	test_page(&pg, "<body><h1>Two words</h1><p>Two words</p><p>Other two</p></body>");
	struct params p;
	params_default(&p);
	struct buf out;
	buf_init(&out);
	test_run_into(&pg, &method_auto, &p, NULL, &out);
	const struct auto_state *st = test_last.state;
	assert_non_null(st->shingle);
	assert_int_equal(st->shingle_at[st->sig.nblocks], 0);
	for (int j = 0; j < st->sig.nblocks; j++)
		assert_int_not_equal(test_last.dc.reason[st->sig.block[j]], REASON_DUPLICATE);
	p.auto_T = 0.01;
	buf_free(&out);
	buf_init(&out);
	test_run_into(&pg, &method_auto, &p, NULL, &out);
	assert_non_null(strstr(out.data, "Other two"));
	buf_free(&out);
	page_free(&pg);
}

static void
test_siblings(void **state)
{
	(void)state;
	struct page pg, sib[2];
	test_page(&pg, site_a);
	test_page(&sib[0], site_b);
	test_page(&sib[1], site_c);
	struct params p;
	params_default(&p);
	struct buf alone, with;
	buf_init(&alone);
	buf_init(&with);
	test_run_into(&pg, &method_auto, &p, NULL, &alone);
	/* the model keeps the notice, a long sentence in the story */
	assert_non_null(strstr(alone.data, "The Valley Courier is published every Thursday"));
	char *path[2] = { "b.html", "c.html" };
	const char *name[2] = { "b.html", "c.html" };
	struct site_pages sp = { .pages = sib, .path = path, .name = name, .n = 2 };
	void *site = method_auto.site_new(&sp, &p, NULL);
	assert_non_null(site);
	run_free(&test_last);
	run_init(&test_last);
	struct run_input in = { .method = &method_auto, .params = &p, .site = site, .index = -1 };
	run_page(&test_last, &pg, &in);
	buf_add(&with, test_last.text.data, test_last.text.len);
	int notice = -1;
	for (int i = 0; i < pg.dom->n && notice < 0; i++)
		if (test_last.dc.reason[i] == REASON_TEMPLATE)
			notice = i;
	assert_true(notice >= 0);
	assert_string_equal(dom_tagname(pg.dom, notice), "p");
	assert_int_equal(test_last.dc.content[notice], 0);
	const struct auto_state *st = test_last.state;
	assert_int_equal(st->nsib, 2);
	assert_int_equal(st->recur[notice], 2);
	/* the detail says so: 2 of 2 siblings, and 2 (half of two, two at
	 * least) make it the template's; a paragraph of its own stands on 0 */
	struct buf ex;
	buf_init(&ex);
	struct explain x = { .line = collect_line, .ctx = &ex, .to = "->", .le = "<=", .ge = ">=" };
	method_auto.explain(&test_last, &pg, &p, notice, &x);
	assert_non_null(strstr(ex.data, "the 2 sibling pages\nits text stands on 2 of them (2 make "
				   "it the template's): dropped\n"));
	ex.len = 0;
	int own = pg.dom->parent[notice] >= 0 ? notice - 1 : -1;
	while (own >= 0 && strcmp(dom_tagname(pg.dom, own), "p"))
		own--;
	assert_true(own >= 0);
	method_auto.explain(&test_last, &pg, &p, own, &x);
	assert_non_null(strstr(ex.data, "its text stands on 0 of them (2 would make it the "
				   "template's): the page's own\n"));
	buf_free(&ex);
	/* the rest is as the page alone gives it */
	const char *cut = strstr(alone.data, "The Valley Courier");
	const char *eol = strchr(cut, '\n');
	struct buf want;
	buf_init(&want);
	buf_add(&want, alone.data, (size_t)(cut - alone.data));
	buf_adds(&want, eol + 1);
	assert_string_equal(with.data, want.data);
	method_auto.site_free(site);
	buf_free(&want);
	buf_free(&alone);
	buf_free(&with);
	page_free(&pg);
	page_free(&sib[0]);
	page_free(&sib[1]);
}

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
 * and a footer.  What the built-in model (src/method/auto-model.txt) keeps: the headline and
 * the three paragraphs.  Retraining the model may change this page's
 * figures; the expected text is what a reader would call the article. */
static const char page[] =
	"<html><head><title>Rain returns to the valley</title>"
	"<meta property=\"article:published_time\" content=\"2024-06-04T08:00:00+01:00\">"
	"</head><body>"
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
	test_run_into(&pg, &method_auto, &p, NULL, &b);
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
	int h1 = dom_tag_id(pg.dom, "h1"), nh1 = 0, nbody = 0;
	for (int i = 0; i < pg.dom->n; i++) {
		if (pg.dom->tag[i] == h1) {
			assert_true(ST->score[i] >= 0.5);
			nh1++;
		}
		if (!strcmp(dom_tagname(pg.dom, i), "body")) {
			assert_near(ST->score[i], -1, 0);
			nbody++;
		}
	}
	/* (the checks above ran: the page has its heading and its body) */
	assert_int_equal(nh1, 1);
	assert_int_equal(nbody, 1);
	/* contributions add up to the logit of the probability */
	double contrib[F_COUNT], z = 0;
	int first_p = -1;
	for (int i = 0; i < pg.dom->n && first_p < 0; i++)
		if (!strcmp(dom_tagname(pg.dom, i), "p"))
			first_p = i;
	double prob = auto_contributions(ST, first_p, contrib);
	for (int k = 0; k < F_COUNT; k++)
		z += contrib[k];
	assert_near(prob, 1 / (1 + exp(-z)), 1e-6);
	/* auto.T = 0 keeps every block, from the menu to the footer */
	p.auto_T = 0;
	b.len = 0;
	test_run_into(&pg, &method_auto, &p, NULL, &b);
	assert_true(!strncmp(b.data, "Home News Sport\n", 16));
	assert_non_null(strstr(b.data, "All rights reserved."));
	buf_free(&b);
	page_free(&pg);
}

/* Repeated text is kept once: a display:none copy of the article (as
 * schema.org markup carries) and a repeated paragraph go, as "duplicate";
 * short repeated cells (fewer than five words) stay.  Of three headings
 * of 8 words, the second differs from the first in its first word (5 of
 * its 6 trigrams repeated: 5 x 5 >= 6 x 4, a duplicate were it a
 * paragraph) and stays, being shorter than DUP_SHORT (12 words); the
 * third repeats the first whole and goes.  A fourth, of 8 words, stands
 * whole in the first paragraph (19 words, DUP_SHORT or more): a sentence
 * naming it, not its copy, so it stays. */
static const char copies[] =
	"<html><head><title>Copies</title></head><body><article>"
	"<p id=\"a\">The council approved the new budget on Monday after a long "
	"debate about the cost of repairing the old harbour wall.</p>"
	"<p id=\"b\">Work on the wall will begin in the spring and should be "
	"finished before the autumn storms arrive on the coast.</p>"
	"<table><tr><td id=\"c1\">Cost in euros</td><td>12</td></tr>"
	"<tr><td id=\"c2\">Cost in euros</td><td>12</td></tr></table>"
	"<h2 id=\"h1\">Current wall repairs at the time of writing</h2>"
	"<h2 id=\"h2\">Future wall repairs at the time of writing</h2>"
	"<h2 id=\"h3\">Current wall repairs at the time of writing</h2>"
	"<h2 id=\"h4\">The cost of repairing the old harbour wall</h2>"
	"<p id=\"r\">The council approved the new budget on Monday after a long "
	"debate about the cost of repairing the old harbour wall.</p>"
	"<dl><dt id=\"t1\">dump(obj, fp)</dt><dd id=\"d1\">Serialize the object as a "
	"JSON formatted stream and write it to the file given.</dd>"
	"<dt id=\"t2\">dumps(obj)</dt><dd id=\"d2\">Serialize the object as a JSON "
	"formatted stream and write it to the string given.</dd>"
	"<dt id=\"t3\">dump(obj, fp)</dt><dd id=\"d3\">Serialize the object as a "
	"JSON formatted stream and write it to the file given.</dd></dl>"
	"<pre id=\"k1\">aws dynamodb create-table --table-name GameScores "
	"--billing-mode PROVISIONED --table-class STANDARD</pre>"
	"<pre id=\"k2\">aws dynamodb create-table --table-name GameScores "
	"--billing-mode PROVISIONED --table-class INFREQUENT</pre>"
	"<p id=\"n2\">The council approved the new budget on Monday after a long "
	"debate about the cost of repairing the new harbour wall.</p>"
	"</article><div style=\"display: none\"><p id=\"h\">The council approved "
	"the new budget on Monday after a long debate about the cost of "
	"repairing the old harbour wall. Work on the wall will begin in the "
	"spring and should be finished before the autumn storms arrive on the "
	"coast.</p><pre id=\"k3\">aws dynamodb create-table --table-name GameScores "
	"--billing-mode PROVISIONED --table-class STANDARD ACCESS</pre></div></body></html>";

static void
test_duplicates(void **state)
{
	(void)state;
	struct page pg;
	struct params p;
	params_default(&p);
	p.auto_T = 0;           /* every block is a candidate */
	p.auto_grow = 0;
	p.auto_kind = KIND_ARTICLE + 1; /* its code would make it documentation */
	test_page(&pg, copies);
	struct buf sb;
	buf_init(&sb);
	test_run_into(&pg, &method_auto, &p, NULL, &sb);
	buf_free(&sb);
	const struct decision *dc = &test_last.dc;
	int a = test_by_id(&pg, "a"), b = test_by_id(&pg, "b");
	int r = test_by_id(&pg, "r"), h = test_by_id(&pg, "h");
	int c1 = test_by_id(&pg, "c1"), c2 = test_by_id(&pg, "c2");
	assert_int_equal(dc->content[a], 1);
	assert_int_equal(dc->content[b], 1);
	assert_int_equal(dc->content[c1], 1);
	assert_int_equal(dc->content[c2], 1);
	assert_int_equal(dc->content[r], 0);
	assert_int_equal(dc->reason[r], REASON_DUPLICATE);
	assert_int_equal(dc->content[h], 0);
	assert_int_equal(dc->reason[h], REASON_DUPLICATE);
	assert_int_equal(dc->content[test_by_id(&pg, "h1")], 1);
	assert_int_equal(dc->content[test_by_id(&pg, "h2")], 1);
	assert_int_equal(dc->content[test_by_id(&pg, "h3")], 0);
	assert_int_equal(dc->reason[test_by_id(&pg, "h3")], REASON_DUPLICATE);
	assert_int_equal(dc->content[test_by_id(&pg, "h4")], 1);
	/* 11 of d2's 13 trigrams are d1's, but its term is another: kept;
	 * d3 repeats d1 under the same term */
	assert_int_equal(dc->content[test_by_id(&pg, "d1")], 1);
	assert_int_equal(dc->content[test_by_id(&pg, "d2")], 1);
	assert_int_equal(dc->content[test_by_id(&pg, "d3")], 0);
	assert_int_equal(dc->reason[test_by_id(&pg, "d3")], REASON_DUPLICATE);
	/* 10 of k2's 11 trigrams are k1's: a shown code block is a
	 * repeat only whole (another example); k3, hidden, holds 11 of
	 * its 12 */
	assert_int_equal(dc->content[test_by_id(&pg, "k2")], 1);
	assert_int_equal(dc->content[test_by_id(&pg, "k3")], 0);
	assert_int_equal(dc->reason[test_by_id(&pg, "k3")], REASON_DUPLICATE);
	/* 16 of n2's 19 trigrams are a's */
	assert_int_equal(dc->content[test_by_id(&pg, "n2")], 0);
	assert_int_equal(dc->reason[test_by_id(&pg, "n2")], REASON_DUPLICATE);
	/* on a documentation page a shown block is a repeat only whole: n2
	 * stays, r (a's very words) and the hidden k3 still go */
	p.auto_kind = KIND_DOCS + 1;
	buf_init(&sb);
	test_run_into(&pg, &method_auto, &p, NULL, &sb);
	buf_free(&sb);
	assert_int_equal(dc->content[test_by_id(&pg, "n2")], 1);
	assert_int_equal(dc->content[r], 0);
	assert_int_equal(dc->reason[r], REASON_DUPLICATE);
	assert_int_equal(dc->content[test_by_id(&pg, "k3")], 0);
	assert_string_equal(reason_name(REASON_DUPLICATE), "duplicate");
	page_free(&pg);
}

/* A sentence repeated at the same place in items of one group is each
 * item's own where the items differ: the credit line under each of three
 * webcams (w2 and w3, whole repeats of w1) stays.  Where the items are
 * one text (a carousel's clone of its slide, s2) the copy goes, and so
 * does a quote of a post inside another (q1 lies deeper, in a
 * blockquote: no same place). */
static const char fields[] =
	"<html><head><title>Webcams</title></head><body><article>"
	"<ul><li class=\"cam\"><h3>Half Dome</h3><p id=\"w1\">This image is provided "
	"courtesy of the park conservancy and updated every minute.</p></li>"
	"<li class=\"cam\"><h3>El Capitan</h3><p id=\"w2\">This image is provided "
	"courtesy of the park conservancy and updated every minute.</p></li>"
	"<li class=\"cam\"><h3>Yosemite Falls</h3><p id=\"w3\">This image is provided "
	"courtesy of the park conservancy and updated every minute.</p></li></ul>"
	"<div class=\"slide\"><p id=\"s1\">Winter opening hours begin on the first "
	"of November for every visitor centre.</p></div>"
	"<div class=\"slide\"><p id=\"s2\">Winter opening hours begin on the first "
	"of November for every visitor centre.</p></div>"
	"<div class=\"post\"><p id=\"q0\">The road to the valley was closed by snow "
	"for two days last week.</p></div>"
	"<div class=\"post\"><blockquote><p id=\"q1\">The road to the valley was closed "
	"by snow for two days last week.</p></blockquote><p id=\"q2\">It opened again "
	"on Sunday morning.</p></div>"
	"</article></body></html>";

static void
test_duplicate_fields(void **state)
{
	(void)state;
	struct page pg;
	struct params p;
	params_default(&p);
	p.auto_T = 0;
	p.auto_grow = 0;
	p.auto_kind = KIND_ARTICLE + 1;
	test_page(&pg, fields);
	struct buf sb;
	buf_init(&sb);
	test_run_into(&pg, &method_auto, &p, NULL, &sb);
	buf_free(&sb);
	const struct decision *dc = &test_last.dc;
	assert_int_equal(dc->content[test_by_id(&pg, "w1")], 1);
	assert_int_equal(dc->content[test_by_id(&pg, "w2")], 1);
	assert_int_equal(dc->content[test_by_id(&pg, "w3")], 1);
	assert_int_equal(dc->content[test_by_id(&pg, "s1")], 1);
	assert_int_equal(dc->content[test_by_id(&pg, "s2")], 0);
	assert_int_equal(dc->reason[test_by_id(&pg, "s2")], REASON_DUPLICATE);
	assert_int_equal(dc->content[test_by_id(&pg, "q0")], 1);
	assert_int_equal(dc->content[test_by_id(&pg, "q1")], 0);
	assert_int_equal(dc->reason[test_by_id(&pg, "q1")], REASON_DUPLICATE);
	assert_int_equal(dc->content[test_by_id(&pg, "q2")], 1);
	page_free(&pg);
}

/* A menu and one short paragraph: a page smaller than any the trees learnt
 * from.  The first stage decides (no block at even odds in the second):
 * the paragraph is extracted, every score is the first stage's
 * probability and the shares are its weight x value. */
static void
test_small_page(void **state)
{
	(void)state;
	struct page pg;
	struct params p;
	params_default(&p);
	test_page(&pg, "<html><head><title>Local article</title></head><body>"
		  "<div id=\"nav\"><a href=\"/a\">Home</a> <a href=\"/b\">News</a></div>"
		  "<div id=\"main\">The article text served over HTTP from the loopback "
		  "address, long enough to pass the threshold.</div></body></html>");
	struct buf b;
	buf_init(&b);
	test_run_into(&pg, &method_auto, &p, NULL, &b);
	assert_string_equal(b.data, "The article text served over HTTP from the loopback "
			    "address, long enough to pass the threshold.\n");
	/* Exactly the first stage: the trees, learnt from whole pages, put
	 * neither of this page's two blocks (the menu, the paragraph) at even
	 * odds, so auto_state_new falls back to the linear stage.  Should the
	 * fallback go (or a retrain bring such pages into the trees' range),
	 * this fails instead of the stage-1 checks below going unchecked. */
	assert_int_equal(ST->stage, 1);
	const struct features *f = &ST->sig;
	assert_int_equal(f->nblocks, 2);
	for (int j = 0; j < f->nblocks; j++) {
		double c[F_COUNT], z = 0;
		double prob = auto_contributions(ST, f->block[j], c);
		for (int k = 0; k < F_COUNT; k++)
			z += c[k];
		assert_near(prob, 1 / (1 + exp(-z)), 1e-6);
		assert_near(prob, auto_stage1(f->x[j]), 1e-12);
		for (int k = F_BASE_COUNT; k < F_COUNT; k++)
			assert_near(c[k], 0, 0);
	}
	buf_free(&b);
	page_free(&pg);
}

/* The phrases that end an article: the whole text, white space collapsed,
 * trimmed of digits, punctuation and symbols at both ends, case folded
 * (ASCII, Latin-1, Greek with its tonos capitals, Cyrillic). */
static void
test_end_phrase(void **state)
{
	(void)state;
#define END(s) auto_end_phrase(s, strlen(s))
	assert_true(END("Related articles"));
	assert_true(END("  RELATED   Articles:"));
	assert_true(END("Comments (12)"));
	assert_true(END("See\xc2\xa0" "also"));                      /* no-break space */
	assert_true(END("\xe2\x96\xa0\xe7\x9b\xb8\xe5\x85\xb3\xe9\x93\xbe\xe6\x8e\xa5\xef\xbc\x9a"));
	                                                         /* ■相关链接： */
	assert_true(END("\xe3\x80\x90\xe7\x9b\xb8\xe9\x97\x9c\xe6\x96\xb0\xe8\x81\x9e\xe3\x80\x91"));
	                                                         /* 【相關新聞】 */
	assert_true(END("\xd0\xa1\xd0\x9c\xd0\x9e\xd0\xa2\xd0\xa0\xd0\x98\xd0\xa2\xd0\x95 "
			"\xd0\xa2\xd0\x90\xd0\x9a\xd0\x96\xd0\x95:"));  /* СМОТРИТЕ ТАКЖЕ: */
	assert_true(END("\xce\xa3\xcf\x87\xce\xb5\xcf\x84\xce\xb9\xce\xba\xce\xac "
			"\xce\x86\xcf\x81\xce\xb8\xcf\x81\xce\xb1"));  /* Σχετικά Άρθρα */
	assert_true(END("\xc3\x80 lire aussi"));                 /* À lire aussi */
	assert_true(END("Voc\xc3\xaa pode gostar..."));            /* Você pode gostar... */
	assert_true(END("Voc\xc3\xaa tamb\xc3\xa9m pode gostar"));  /* Você também pode gostar */
	/* a shop's box of other items */
	assert_true(END("Similar items"));
	assert_true(END("Customers also viewed:"));
	assert_true(END("\xc3\x84hnliche Produkte"));             /* Ähnliche Produkte */
	assert_true(END("\xd0\x9f\xd0\xbe\xd1\x85\xd0\xbe\xd0\xb6\xd0\xb8\xd0\xb5 "
			"\xd1\x82\xd0\xbe\xd0\xb2\xd0\xb0\xd1\x80\xd1\x8b"));  /* Похожие товары */
	assert_false(END("Similar items in stock"));
	/* the writer's bio after the article */
	assert_true(END("About the author"));
	assert_false(END("About the author's garden"));
	/* a heading with more in it, or a teaser, is not one */
	assert_false(END("Read also: Rain returns to the valley"));
	assert_false(END("Related"  " news from the valley"));
	assert_false(END("Relate"));
	assert_false(END("See also also"));
	assert_false(END(""));
	assert_false(END(" 12 :: "));
	/* 40 characters at most, marks included */
	assert_true(END("Comments ..............................."));   /* 40 */
	assert_false(END("Comments ................................"));  /* 41 */
	assert_false(END("Related\xff"));                        /* a stray byte is a character */
#undef END
}

/* The end of an article.  With auto.T = 0 every block is kept before the
 * rule, so what goes is the rule's doing: the "Related articles" box
 * (what its heading heads is the box), the "See also:" list set among the
 * paragraphs up to the next paragraph the model is sure of, the heading
 * "More on this story" but not the paragraph right after it (a section
 * of the article), and the comments after "Comments (2)" (what it heads
 * runs to the body's end, with nothing kept before the heading there). */
static const char ended[] =
	"<html><head><title>Harbour wall</title></head><body><article>"
	"<p id=\"p1\">The council approved the new budget on Monday after a long debate "
	"about the cost of repairing the old harbour wall, which storms damaged last winter.</p>"
	"<div class=\"box\"><h3 id=\"h1\">Related articles</h3><ul>"
	"<li id=\"l1\"><a href=\"/a\">Storm damage along the coast</a></li>"
	"<li><a href=\"/b\">The harbour in old photographs</a></li></ul></div>"
	"<p id=\"p2\">Work on the wall will begin in the spring and should be finished "
	"before the autumn storms arrive, the council said in a statement on Tuesday.</p>"
	"<h3 id=\"h2\">See also:</h3><ul><li id=\"l2\"><a href=\"/c\">Budget vote in full</a></li></ul>"
	"<p id=\"p3\">Fishermen welcomed the decision, though some said the repairs had "
	"come two years too late for the boats that were lost in the storms.</p>"
	"</article><div class=\"more\"><h3 id=\"h4\">More on this story</h3>"
	"<p id=\"p4\">The wall was first built in 1870 to shelter the fishing fleet, and it "
	"has been repaired four times since then, most recently after the floods of 1953.</p></div>"
	"<h2 id=\"h3\">Comments (2)</h2><ol>"
	"<li id=\"c1\">About time too, the wall has been crumbling for years.</li>"
	"<li>Who pays for it?</li></ol></body></html>";

static void
test_end(void **state)
{
	(void)state;
	struct page pg;
	struct params p;
	params_default(&p);
	p.auto_T = 0;
	test_page(&pg, ended);
	struct buf b;
	buf_init(&b);
	test_run_into(&pg, &method_auto, &p, NULL, &b);
	const struct decision *dc = &test_last.dc;
	/* the model is sure of the paragraphs that resume the article */
	assert_true(ST->score[test_by_id(&pg, "p2")] >= 0.9);
	assert_true(ST->score[test_by_id(&pg, "p3")] >= 0.9);
	assert_true(ST->score[test_by_id(&pg, "p4")] >= 0.9);
	assert_string_equal(b.data,
		"The council approved the new budget on Monday after a long debate about "
		"the cost of repairing the old harbour wall, which storms damaged last winter.\n"
		"Work on the wall will begin in the spring and should be finished before the "
		"autumn storms arrive, the council said in a statement on Tuesday.\n"
		"Fishermen welcomed the decision, though some said the repairs had come two "
		"years too late for the boats that were lost in the storms.\n"
		"The wall was first built in 1870 to shelter the fishing fleet, and it has been "
		"repaired four times since then, most recently after the floods of 1953.\n");
	static const char *const gone[] = { "h1", "l1", "h2", "l2", "h4", "h3", "c1" };
	for (size_t k = 0; k < sizeof gone / sizeof *gone; k++) {
		int e = test_by_id(&pg, gone[k]);
		assert_int_equal(dc->content[e], 0);
		assert_int_equal(dc->reason[e], REASON_END);
	}
	assert_string_equal(reason_name(REASON_END), "end");
	/* each dropped block names its heading, none a product's reviews */
	bool reviews = true, empty = true;
	assert_int_equal(auto_end_heading(pg.dom, ST, test_by_id(&pg, "l1"), &reviews, &empty),
			 test_by_id(&pg, "h1"));
	assert_false(reviews);
	assert_false(empty);
	assert_int_equal(auto_end_heading(pg.dom, ST, test_by_id(&pg, "h2"), &reviews, &empty),
			 test_by_id(&pg, "h2"));
	assert_false(empty);
	assert_int_equal(auto_end_heading(pg.dom, ST, test_by_id(&pg, "c1"), &reviews, &empty),
			 test_by_id(&pg, "h3"));
	assert_false(reviews);
	assert_false(empty);
	/* without auto.grow the rule is off: every block stays */
	p.auto_grow = 0;
	b.len = 0;
	test_run_into(&pg, &method_auto, &p, NULL, &b);
	assert_non_null(strstr(b.data, "Related articles\n"));
	assert_non_null(strstr(b.data, "Who pays for it?"));
	buf_free(&b);
	page_free(&pg);
}

/* A short post under a long comment thread that names itself nothing the
 * comment signal knows ("feedback"), and whose comments the model rates
 * as highly as the post: the heading "评论" (comments) ends the article,
 * and its thread does not draw the reading-order run from the post. */
static const char blog[] =
	"<html><head><meta charset=\"utf-8\"><title>很高兴入住 - 技术博客</title></head><body>"
	"<div id=\"side\"><h3>导航</h3><ul><li><a href=\"/1\">栏目一</a></li>"
	"<li><a href=\"/2\">栏目二</a></li><li><a href=\"/3\">栏目三</a></li></ul></div>"
	"<div id=\"main\"><div class=\"post\"><h2 id=\"t\">很高兴入住</h2>"
	"<p>承蒙朋友邀请，很高兴在这里开一个技术博客。这里的文章将集中在编译器和程序语言两个方面。</p>"
	"<p>简单介绍一下我的情况：多年来一直从事编译器的开发工作，也翻译过几本相关的书。希望以后和各位多多交流。</p></div>"
	"<div class=\"feedback\"><h3 id=\"h\">评论</h3>"
	"<h4># re: 很高兴入住 网友一</h4><p id=\"c\">欢迎欢迎！以前在别的网站上读过你写的文章，讲得很清楚，期待你在这里写出更多的好东西来。</p>"
	"<h4># re: 很高兴入住 网友二</h4><p>我有一个建议：能不能多写一些关于代码优化的内容？这方面的中文资料实在太少了，大家都需要。</p>"
	"<h4># re: 很高兴入住 网友三</h4><p>看到你来真高兴。不过这里的搜索功能不太好用，文章过了首页以后就很难找到，希望管理员能够改进一下。</p>"
	"<h4># re: 很高兴入住 网友四</h4><p>请问你翻译的那本书什么时候出第二版？第一版我已经读了三遍，每次读都有新的收获，非常感谢。</p>"
	"<h4># re: 很高兴入住 网友五</h4><p>支持！以后每天都会来看看。顺便问一下，你对新版本的语言标准有什么看法？会写文章介绍吗？</p>"
	"</div></div></body></html>";

static void
test_end_comments(void **state)
{
	(void)state;
	struct page pg;
	struct params p;
	params_default(&p);
	test_page(&pg, blog);
	struct buf b;
	buf_init(&b);
	test_run_into(&pg, &method_auto, &p, NULL, &b);
	int h = test_by_id(&pg, "h"), c = test_by_id(&pg, "c");
	/* the model alone would keep the comment */
	assert_true(ST->score[c] >= 0.9);
	/* the post's heading, over its first paragraph, comes with it
	 * (reason heading); the comments' headings end the article */
	assert_string_equal(b.data,
		"很高兴入住\n"
		"承蒙朋友邀请，很高兴在这里开一个技术博客。这里的文章将集中在编译器和程序语言两个方面。\n"
		"简单介绍一下我的情况：多年来一直从事编译器的开发工作，也翻译过几本相关的书。希望以后和各位多多交流。\n");
	assert_int_equal(test_last.dc.reason[test_by_id(&pg, "t")], REASON_HEADING);
	assert_int_equal(test_last.dc.reason[h], REASON_END);
	assert_int_equal(test_last.dc.reason[c], REASON_END);
	buf_free(&b);
	page_free(&pg);
}

/* Headings split over text nodes: 300 no-break spaces and 100 newlines
 * between "Related" and "articles" are one space (and their 700 bytes
 * never overrun what the text is read into); "相关<b>新闻</b>" reads
 * as one word, as it shows. */
static void
test_end_blanks(void **state)
{
	(void)state;
	struct buf html;
	buf_init(&html);
	buf_adds(&html, "<html><body><article><p id=\"p\">The council approved the new budget "
		 "on Monday after a long debate about the cost of repairing the old harbour "
		 "wall.</p></article><div><h3 id=\"w\">Related");
	for (int i = 0; i < 400; i++)
		buf_adds(&html, i % 4 ? "&nbsp;" : "\n");
	buf_adds(&html, "<b>articles</b></h3><ul><li id=\"l\"><a href=\"/a\">Storm damage "
		 "along the coast</a></li></ul></div>"
		 "<div><h3 id=\"z\">相关<b>新闻</b></h3><ul><li id=\"zl\"><a href=\"/b\">"
		 "港口工程春季开工</a></li></ul></div><div><h3 id=\"e\">Related");
	/* 7 + 156 x 2 = 319 bytes: a copy that added a byte after each node
	 * filled a 320-byte buffer exactly, and wrote the next node past it */
	for (int i = 0; i < 156; i++)
		buf_adds(&html, "&nbsp;");
	buf_adds(&html, "<b>articles</b></h3><ul><li id=\"el\"><a href=\"/c\">The harbour "
		 "in old photographs</a></li></ul></div></body></html>");
	struct page pg;
	struct params p;
	params_default(&p);
	p.auto_T = 0;
	test_page(&pg, html.data);
	struct buf b;
	buf_init(&b);
	test_run_into(&pg, &method_auto, &p, NULL, &b);
	assert_int_equal(test_last.dc.reason[test_by_id(&pg, "w")], REASON_END);
	assert_int_equal(test_last.dc.reason[test_by_id(&pg, "l")], REASON_END);
	assert_int_equal(test_last.dc.reason[test_by_id(&pg, "z")], REASON_END);
	assert_int_equal(test_last.dc.reason[test_by_id(&pg, "zl")], REASON_END);
	assert_int_equal(test_last.dc.reason[test_by_id(&pg, "e")], REASON_END);
	assert_int_equal(test_last.dc.reason[test_by_id(&pg, "el")], REASON_END);
	assert_int_equal(test_last.dc.content[test_by_id(&pg, "p")], 1);
	buf_free(&b);
	buf_free(&html);
	page_free(&pg);
}


/* ---- a model worked by hand: tests/data/auto-tiny.txt ---- */

static void
tiny_params(struct params *p)
{
	const char *dir = getenv("TESTDATA");
	char assign[1024], err[256] = "";
	snprintf(assign, sizeof assign, "auto.model=%s/auto-tiny.txt", dir ? dir : "tests/data");
	params_default(p);
	if (params_set(p, assign, err, sizeof err) != 0)
		fail_msg("%s: %s", assign, err);
}

/* A menu, a paragraph and a hidden paragraph.  The tiny model's logits:
 * the paragraph -0.5 + 2 (tag_p) + 0.5 (no links, visible) + 0.25 =
 * 2.25; the hidden one -0.5 + 2 - 4 + 0.25 = -2.25; the menu (all link
 * text, no p) -0.5 - 1 - 3 + 0.25 = -4.25. */
static const char tiny_page[] =
	"<html><head><title>Tiny</title></head><body>"
	"<div id=\"nav\"><a href=\"/a\">Home</a> <a href=\"/b\">News</a></div>"
	"<p id=\"t\">The paragraph that the tiny model keeps.</p>"
	"<div style=\"display: none\"><p id=\"h\">A hidden paragraph the model "
	"drops.</p></div></body></html>";

static void
test_tiny_model(void **state)
{
	(void)state;
	struct page pg;
	struct params p;
	tiny_params(&p);
	char v[1024];
	params_format(&p, params_find("auto.model"), v, sizeof v);
	assert_non_null(strstr(v, "/auto-tiny.txt"));
	test_page(&pg, tiny_page);
	struct buf b;
	buf_init(&b);
	test_run_into(&pg, &method_auto, &p, NULL, &b);
	assert_string_equal(b.data, "The paragraph that the tiny model keeps.\n");
	int nav = test_by_id(&pg, "nav"), t = test_by_id(&pg, "t"), h = test_by_id(&pg, "h");
	const struct features *f = &ST->sig;
	assert_int_equal(f->nblocks, 3);
	assert_int_equal(ST->stage, 2);
	assert_ptr_equal(ST->model, auto_model_find(p.auto_model));
	/* the features the trees split on, as the comment above has them */
	for (int j = 0; j < f->nblocks; j++) {
		int e = f->block[j];
		assert_true(e == nav || e == t || e == h);
		assert_near(f->x[j][F_TAG_P], e != nav, 0);
		assert_near(f->x[j][F_LINK_DENSITY], e == nav, 0);
		assert_near(f->x[j][F_HIDDEN], e == h, 0);
	}
	/* 1 / (1 + exp(-z)) for z = 2.25, -2.25, -4.25 */
	assert_near(ST->score[t], 0.9046505351008906, 1e-15);
	assert_near(ST->score[h], 0.09534946489910949, 1e-15);
	assert_near(ST->score[nav], 0.014063627043245475, 1e-15);
	/* the paragraph's shares: the bias holds the base and the roots'
	 * values (-0.5 + 0 + 0 + 0.25), tag_p the step 0 -> 2, link_density
	 * 0 -> 0.25, hidden 0.25 -> 0.5 */
	double c[F_COUNT];
	assert_near(auto_contributions(ST, t, c), 0.9046505351008906, 1e-15);
	for (int k = 0; k < F_COUNT; k++) {
		double want = k == F_BIAS ? -0.25 : k == F_TAG_P ? 2 :
			      k == F_LINK_DENSITY || k == F_HIDDEN ? 0.25 : 0;
		assert_near(c[k], want, 0);
	}
	/* the built-in model again: the page's state is rebuilt */
	struct params def;
	params_default(&def);
	b.len = 0;
	test_run_into(&pg, &method_auto, &def, NULL, &b);
	assert_ptr_equal(ST->model, &auto_model_builtin);
	assert_ptr_equal(auto_model_find(NULL), &auto_model_builtin);
	buf_free(&b);
	page_free(&pg);
}

/* The menu alone: the trees give it 1/(1 + exp(4.25)), below even odds,
 * so the tiny model's first stage decides: -1 - 2 x 1 (link density) =
 * -3, 1/(1 + exp(3)); nothing is kept. */
static void
test_tiny_stage1(void **state)
{
	(void)state;
	struct page pg;
	struct params p;
	tiny_params(&p);
	test_page(&pg, "<html><body><div id=\"nav\"><a href=\"/a\">Home</a> "
		  "<a href=\"/b\">News</a></div></body></html>");
	struct buf b;
	buf_init(&b);
	test_run_into(&pg, &method_auto, &p, NULL, &b);
	assert_string_equal(b.data ? b.data : "", "");
	assert_int_equal(ST->stage, 1);
	assert_int_equal(ST->sig.nblocks, 1);
	assert_near(ST->sig.x[0][F_LINK_DENSITY], 1, 0);
	assert_near(ST->score[test_by_id(&pg, "nav")], 0.04742587317756678, 1e-15);
	buf_free(&b);
	page_free(&pg);
}

/* A tree deeper than the complete layout takes is walked node by node:
 * tests/data/auto-deep.txt gives the paragraph -0.5 + 2 + 0.25 = 1.75
 * and the menu -1.25. */
static void
test_deep_model(void **state)
{
	(void)state;
	const char *dir = getenv("TESTDATA");
	char assign[1024], err[256] = "";
	snprintf(assign, sizeof assign, "auto.model=%s/auto-deep.txt", dir ? dir : "tests/data");
	struct params p;
	params_default(&p);
	if (params_set(&p, assign, err, sizeof err) != 0)
		fail_msg("%s: %s", assign, err);
	struct page pg;
	test_page(&pg, "<html><body><div id=\"nav\"><a href=\"/a\">Home</a> "
		  "<a href=\"/b\">News</a></div><p id=\"t\">A paragraph.</p></body></html>");
	struct buf b;
	buf_init(&b);
	test_run_into(&pg, &method_auto, &p, NULL, &b);
	assert_int_equal(ST->stage, 2);
	assert_near(ST->score[test_by_id(&pg, "t")], 0.8519528019683106, 1e-15);
	assert_near(ST->score[test_by_id(&pg, "nav")], 0.22270013882530884, 1e-15);
	buf_free(&b);
	page_free(&pg);
}

/* ---- malformed model files ---- */

static const char *const names3[] = { "bias", "a", "b" };

/* The model file's text (len bytes) is refused with message want. */
static void
check_refused(const char *text, size_t len, const char *want)
{
	char err[256] = "";
	struct auto_model *m = auto_model_parse(text, len, names3, 3, 2, err, sizeof err);
	if (m)
		fail_msg("accepted: %s", text);
	assert_string_equal(err, want);
}
#define REFUSED(text, want) check_refused(text, sizeof text - 1, want)

/* a header that reads: three features, two first-stage weights, a base */
#define H "features 3 bias a b\nstage1 2\nbias 1\na -1\nbase 0\n"

static void
test_model_refused(void **state)
{
	(void)state;
	REFUSED("", "line 1: the file ends before its features line");
	REFUSED("# a comment\n", "line 2: the file ends before its features line");
	REFUSED("features 4 bias a b c\n", "line 1: features: 4 is not between 1 and 3");
	REFUSED("features 0\n", "line 1: features: 0 is not between 1 and 3");
	REFUSED("features 3 bias x b\n", "line 1: 'x' is not one of pith's signals");
	REFUSED("features 3 bias a\n", "line 1: 2 feature names for 3 features");
	REFUSED("features 2 a a\n", "line 1: 'a' named twice");
	REFUSED("features 3 bias a b\nstage1 3\n", "line 2: stage1: 3 is not between 0 and 2");
	REFUSED("features 3 bias a b\nstage1 2\nbias 1\nb -1\n",
		"line 4: 'b' is not one of pith's first-stage signals");
	REFUSED("features 3 bias a b\nstage1 2\nbias 1\nbias -1\n", "line 4: 'bias' named twice");
	REFUSED("features 3 bias a b\nstage1 1\nbias\n", "line 3: expected 'NAME WEIGHT'");
	REFUSED("features 3 bias a b\nstage1 2\nbias nan\n",
		"line 3: bias: 'nan' is not a finite number");
	REFUSED("features 3 bias a b\nstage1 2\nbias 1e99\n",
		"line 3: bias: '1e99' is not a finite number");
	REFUSED("features 3 bias a b\nstage1 2\nbias 1\na -1\n",
		"line 5: the file ends before its base line");
	REFUSED("features 3 bias a b\0", "line 1: a NUL byte: not a text file");
	REFUSED(H "tree 1 1\n", "line 6: tree 1 where tree 0 was due");
	REFUSED(H "tree 0 70000\n", "line 6: nodes: 70000 is not between 1 and 65535");
	REFUSED(H "tree 0 1\n-1 0 -1 -1\n",
		"line 7: expected 'FEATURE THRESHOLD LEFT RIGHT VALUE'");
	/* features, children in range; a tree, so every path ends */
	REFUSED(H "tree 0 1\n3 0 -1 -1 0\n", "line 7: feature: 3 is not between -1 and 2");
	REFUSED(H "tree 0 2\n1 0.5 1 2 0\n", "line 7: right: 2 is not between -1 and 1");
	REFUSED(H "tree 0 3\n1 0.5 0 2 0\n", "line 7: node 0's children must be two later nodes");
	REFUSED(H "tree 0 4\n1 0.5 1 2 0\n2 0.5 2 3 0\n",
		"line 8: node 2 has two parents");
	REFUSED(H "tree 0 2\n-1 0 -1 -1 1\n-1 0 -1 -1 2\n",
		"line 8: node 1 of tree 0 is no node's child");
	REFUSED(H "tree 0 3\n-1 0 1 2 0\n", "line 7: a leaf's children are -1 -1");
	REFUSED(H "tree 0 3\n1 0.5 1 2 0\n-1 0 -1 -1 1\n",
		"line 9: the file ends before the tree's last node");
	REFUSED(H "tree 0 1\n-1 0 -1 -1 0.5\nhello\n", "line 8: expected 'tree 1 NODES'");
}

/* A good file: comments, blank lines and CRLF anywhere; children become
 * indices into the whole model's nodes. */
static void
test_model_parsed(void **state)
{
	(void)state;
	static const char text[] = H "\n# two trees\r\n"
		"tree 0 1\n-1 0 -1 -1 0.5\ntree 1 3\r\n1 0.25 1 2 0\n-1 0 -1 -1 -1\n-1 0 -1 -1 1";
	char err[256] = "";
	struct auto_model *m = auto_model_parse(text, sizeof text - 1, names3, 3, 2,
						err, sizeof err);
	assert_non_null(m);
	assert_int_equal(m->ntrees, 2);
	assert_int_equal(m->nnodes, 4);
	assert_int_equal(m->roots[0], 0);
	assert_int_equal(m->roots[1], 1);
	assert_int_equal(m->nodes[1].feature, 1);
	assert_near(m->nodes[1].threshold, 0.25, 0);
	assert_int_equal(m->nodes[1].left, 2);
	assert_int_equal(m->nodes[1].right, 3);
	assert_near(m->nodes[3].value, 1, 0);
	assert_near(m->stage1[1], -1, 0);
	auto_model_free(m);
	auto_model_free(NULL);
}

/* Signals go by name: a model of two of the three, in another order,
 * its first stage naming one.  Node 0 tests the model's signal 0, b,
 * which is pith's 2; a is tested by no node and weighs 0. */
static void
test_model_by_name(void **state)
{
	(void)state;
	static const char text[] = "features 2 b bias\nstage1 1\nbias 0.5\nbase 0\n"
		"tree 0 3\n0 0.25 1 2 0\n-1 0 -1 -1 -1\n-1 0 -1 -1 1\n";
	char err[256] = "";
	struct auto_model *m = auto_model_parse(text, sizeof text - 1, names3, 3, 2,
						err, sizeof err);
	assert_non_null(m);
	assert_string_equal(err, "");
	assert_int_equal(m->nodes[0].feature, 2);
	assert_int_equal(m->nodes[1].feature, -1);
	assert_near(m->stage1[0], 0.5, 0);
	assert_near(m->stage1[1], 0, 0);
	auto_model_free(m);
}

/* Through the parameter: the file's name before the reason. */
static void
test_model_param(void **state)
{
	(void)state;
	struct params p;
	char err[256] = "";
	params_default(&p);
	assert_int_equal(params_set(&p, "auto.model=/nonexistent/m.txt", err, sizeof err),
			 PARAMS_BAD_FILE);
	assert_string_equal(err, "/nonexistent/m.txt: no such file");
	assert_null(p.auto_model);
	struct params q;
	tiny_params(&q);
	assert_non_null(q.auto_model);
	assert_false(params_equal(&p, &q));
	/* the empty value and "built-in" are the built-in model */
	assert_int_equal(params_set(&q, "auto.model=built-in", err, sizeof err), 0);
	assert_null(q.auto_model);
	assert_true(params_equal(&p, &q));
	tiny_params(&q);
	assert_int_equal(params_set(&q, "auto.model=", err, sizeof err), 0);
	assert_null(q.auto_model);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_best_run),
		cmocka_unit_test(test_article),
		cmocka_unit_test(test_duplicates),
		cmocka_unit_test(test_duplicate_fields),
		cmocka_unit_test(test_small_page),
		cmocka_unit_test(test_end_phrase),
		cmocka_unit_test(test_end),
		cmocka_unit_test(test_end_comments),
		cmocka_unit_test(test_end_blanks),
		cmocka_unit_test(test_tiny_model),
		cmocka_unit_test(test_tiny_stage1),
		cmocka_unit_test(test_no_trigrams),
		cmocka_unit_test(test_deep_model),
		cmocka_unit_test(test_siblings),
		cmocka_unit_test(test_model_refused),
		cmocka_unit_test(test_model_parsed),
		cmocka_unit_test(test_model_by_name),
		cmocka_unit_test(test_model_param),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}

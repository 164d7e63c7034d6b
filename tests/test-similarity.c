/* test-similarity.c - simple tree matching, clustering, the fuzzy matcher
 * and the noise decision, worked out by hand. */
#include "testlib.h"

#include "method/sib-similarity.h"

static int
stm_of(const char *a, const char *b)
{
	struct stm_tree *x = stm_tree_parse(a), *y = stm_tree_parse(b);
	assert_non_null(x);
	assert_non_null(y);
	int r = stm_match(x, y);
	stm_tree_free(x);
	stm_tree_free(y);
	return r;
}

/* Each case by hand: matched pairs listed. */
static void
test_stm(void **state)
{
	(void)state;
	assert_int_equal(stm_of("a", "a"), 1);
	assert_int_equal(stm_of("a", "b"), 0);                 /* roots differ */
	assert_int_equal(stm_of("a(b(c)d)", "a(b d(e))"), 3);  /* a b d */
	assert_int_equal(stm_of("a(b(cd)e)", "a(b(c)ef)"), 4); /* a b c e */
	assert_int_equal(stm_of("a(bc)", "a(cb)"), 2);         /* order kept: a + b or c */
	assert_int_equal(stm_of("a(b(c))", "a(d(c))"), 1);     /* c's parents differ */
	/* Yang's example shape: a(b(cd) b(e)) vs a(b(c) b(d e)): a, b-b(c),
	 * b-b(e) = 5 */
	assert_int_equal(stm_of("a(b(cd)b(e))", "a(b(c)b(de))"), 5);
	assert_int_equal(stm_of("a(bbb)", "a(bb)"), 3);
	assert_null(stm_tree_parse("a(b"));
	assert_null(stm_tree_parse("a b"));       /* two roots */
	assert_null(stm_tree_parse("(a)"));
	stm_tree_free(NULL);
}

static void
test_similarity(void **state)
{
	(void)state;
	struct stm_tree *x = stm_tree_parse("a(b(cd)e)"), *y = stm_tree_parse("a(b(c)ef)");
	/* 4 / ((5 + 5) / 2) */
	assert_near(stm_similarity(x, y), 0.8, 1e-12);
	assert_near(stm_similarity(x, x), 1.0, 1e-12);
	stm_tree_free(x);
	stm_tree_free(y);
}

/* t0 and t1 are equal, t2 is another shape, t3 matches t0 at exactly 0.8
 * (joins: >= threshold), t4 is closer to t2 (x(yz) vs x(y): 2/2.5 = 0.8). */
static void
test_cluster(void **state)
{
	(void)state;
	const char *src[] = { "a(b(cd)e)", "a(b(cd)e)", "x(yz)", "a(b(c)ef)", "x(y)", "q" };
	struct stm_tree *t[6];
	for (int i = 0; i < 6; i++)
		t[i] = stm_tree_parse(src[i]);
	int cl[6], lead[6];
	int nc = stm_cluster((const struct stm_tree *const *)t, 6, 0.8, cl, lead);
	assert_int_equal(nc, 3);
	const int want[6] = { 0, 0, 1, 0, 1, 2 };
	for (int i = 0; i < 6; i++)
		assert_int_equal(cl[i], want[i]);
	assert_int_equal(lead[0], 0);
	assert_int_equal(lead[1], 2);
	assert_int_equal(lead[2], 5);
	/* a stricter threshold splits t3 and t4 off */
	nc = stm_cluster((const struct stm_tree *const *)t, 6, 0.81, cl, NULL);
	assert_int_equal(nc, 5);
	for (int i = 0; i < 6; i++)
		stm_tree_free(t[i]);
}

/* A page's simplified tree drops script and style; the caps are counted. */
static void
test_tree_from_dom(void **state)
{
	(void)state;
	struct page pg;
	test_page(&pg, "<html><head><title>t</title><style>p{}</style></head>"
		  "<body><div><p>a</p><script>1</script></div></body></html>");
	struct stm_tree *t = stm_tree_new(pg.dom);
	/* html, body, div, p (head and what is in it are skipped) */
	assert_int_equal(t->n, 4);
	assert_int_equal(t->truncated, 0);
	stm_tree_free(t);
	page_free(&pg);
}

/* ---- node strings ---- */

static struct params
defaults(void)
{
	struct params p;
	params_default(&p);
	return p;
}

/* S = a0 b1 c1 inside T = z0 a1 b2 c2: one candidate root (T[1]), all
 * three matched, verified. */
static void
test_fuzzy_exact(void **state)
{
	(void)state;
	struct sib_string S, T;
	sib_string_from(&S, 3, "abc", (int[]){ 0, 1, 1 }, NULL);
	sib_string_from(&T, 4, "zabc", (int[]){ 0, 1, 2, 2 }, NULL);
	int ps[3], pt[3];
	long text;
	int np = sib_fuzzy(&S, &T, 1, 3, ps, pt, &text);
	assert_int_equal(np, 3);
	assert_int_equal(pt[0], 1);
	assert_int_equal(pt[2], 3);
	assert_true(sib_verify(&S, &T, ps, pt, np));
	struct params p = defaults();
	struct sib_result r;
	assert_int_equal(sib_match(&S, &T, &p, &r), 1);
	assert_int_equal(r.candidates, 1);
	assert_int_equal(r.start, 1);
	assert_near(r.tagsim, 1, 1e-12);
	assert_near(r.textsim, 1, 1e-12);   /* no text: taken as 1 */
	sib_string_free(&S);
	sib_string_free(&T);
}

/* s_move: S = a b x c against T = a b c: x is skipped in the source,
 * pairs (0,0) (1,1) (3,2); tag similarity 3/4. */
static void
test_fuzzy_smove(void **state)
{
	(void)state;
	struct sib_string S, T;
	sib_string_from(&S, 4, "abxc", (int[]){ 0, 1, 1, 1 }, NULL);
	sib_string_from(&T, 3, "abc", (int[]){ 0, 1, 1 }, NULL);
	int ps[4], pt[4];
	long text;
	int np = sib_fuzzy(&S, &T, 0, 3, ps, pt, &text);
	assert_int_equal(np, 3);
	assert_int_equal(ps[2], 3);
	assert_int_equal(pt[2], 2);
	assert_true(sib_verify(&S, &T, ps, pt, np));
	struct params p = defaults();
	struct sib_result r;
	assert_int_equal(sib_match(&S, &T, &p, &r), 0);   /* 0.75 < 0.8 */
	assert_near(r.tagsim, 0.75, 1e-12);
	sib_string_free(&S);
	sib_string_free(&T);
}

/* Text similarity counts characters: 今天 against 今年 share 今, one of
 * two characters (their UTF-8 shares 4 of 6 bytes: E4 BB 8A and the E5
 * that starts both second characters). */
static void
test_text_chars(void **state)
{
	(void)state;
	struct sib_string S, T;
	sib_string_from(&S, 1, "a", (int[]){ 0 }, (const char *[]){ "今天" });
	sib_string_from(&T, 1, "a", (int[]){ 0 }, (const char *[]){ "今年" });
	assert_int_equal(S.textlen, 2);
	struct params p = defaults();
	struct sib_result r;
	assert_int_equal(sib_match(&S, &T, &p, &r), 0);
	assert_near(r.tagsim, 1, 1e-12);
	assert_near(r.textsim, 0.5, 1e-12);
	sib_string_free(&S);
	sib_string_free(&T);
}

/* The figures of the candidate that decides: S = a b c d e (texts of 5
 * characters in b to e, 20) against T = a b c d e a b c d.  The first
 * candidate matches every tag (1.0) and b, c, the d of "dXXXX": 11/20 =
 * 0.55 < sib.beta, sum 1.55; the second 4 of 5 tags (0.8) and b, c, d:
 * 15/20 = 0.75, noise, though its sum is 1.55 too at best. */
static void
test_match_decides(void **state)
{
	(void)state;
	struct sib_string S, T;
	sib_string_from(&S, 5, "abcde", (int[]){ 0, 1, 1, 1, 1 },
			(const char *[]){ "", "bbbbb", "ccccc", "ddddd", "eeeee" });
	sib_string_from(&T, 9, "abcdeabcd", (int[]){ 0, 1, 1, 1, 1, 0, 1, 1, 1 },
			(const char *[]){ "", "bbbbb", "ccccc", "dXXXX", "XXXXX",
					  "", "bbbbb", "ccccc", "ddddd" });
	struct params p = defaults();
	struct sib_result r;
	assert_int_equal(sib_match(&S, &T, &p, &r), 1);
	assert_int_equal(r.start, 5);
	assert_near(r.tagsim, 0.8, 1e-12);
	assert_near(r.textsim, 0.75, 1e-12);
	sib_string_free(&S);
	sib_string_free(&T);
}

/* t_move: S = a b c d against T = a b y c d.  At c/y the source slides to
 * d (no match, and no more source), positions are reset and the target
 * slides past y: c and d match, 4 of 4. */
static void
test_fuzzy_tmove(void **state)
{
	(void)state;
	struct sib_string S, T;
	sib_string_from(&S, 4, "abcd", (int[]){ 0, 1, 1, 1 }, NULL);
	sib_string_from(&T, 5, "abycd", (int[]){ 0, 1, 1, 1, 1 }, NULL);
	int ps[4], pt[4];
	long text;
	int np = sib_fuzzy(&S, &T, 0, 3, ps, pt, &text);
	assert_int_equal(np, 4);
	assert_int_equal(pt[2], 3);
	assert_int_equal(pt[3], 4);
	sib_string_free(&S);
	sib_string_free(&T);
}

/* MAX: S = a b c, T = a y y y y b c (all children of a).  b sits 4 nodes
 * on: with MAX 3 the target cannot slide far enough, b and then c stay
 * unmatched (1 of 3); with MAX 4 all three match. */
static void
test_fuzzy_max(void **state)
{
	(void)state;
	struct sib_string S, T;
	sib_string_from(&S, 3, "abc", (int[]){ 0, 1, 1 }, NULL);
	sib_string_from(&T, 7, "ayyyybc", (int[]){ 0, 1, 1, 1, 1, 1, 1 }, NULL);
	int ps[3], pt[3];
	long text;
	assert_int_equal(sib_fuzzy(&S, &T, 0, 3, ps, pt, &text), 1);
	assert_int_equal(sib_fuzzy(&S, &T, 0, 4, ps, pt, &text), 3);
	assert_int_equal(pt[1], 5);
	sib_string_free(&S);
	sib_string_free(&T);
}

/* The paper's figure 1: two different trees, a(b(c) d(e)) and
 * a(b(c(d(e)))), both serialise to "abcde".  Tags alone match 5 of 5; the
 * verification sees d at depth 1 against depth 3 and refuses. */
static void
test_figure1(void **state)
{
	(void)state;
	struct sib_string S, T;
	sib_string_from(&S, 5, "abcde", (int[]){ 0, 1, 2, 1, 2 }, NULL);
	sib_string_from(&T, 5, "abcde", (int[]){ 0, 1, 2, 3, 4 }, NULL);
	int ps[5], pt[5];
	long text;
	int np = sib_fuzzy(&S, &T, 0, 3, ps, pt, &text);
	assert_int_equal(np, 5);
	assert_false(sib_verify(&S, &T, ps, pt, np));
	struct params p = defaults();
	struct sib_result r;
	assert_int_equal(sib_match(&S, &T, &p, &r), 0);
	assert_int_equal(r.candidates, 1);
	assert_int_equal(r.rejected, 1);
	assert_int_equal(r.start, -1);
	/* and a matched node outside the first one's subtree: T = a0 c1 b0 */
	sib_string_free(&T);
	sib_string_from(&T, 3, "acb", (int[]){ 0, 1, 0 }, NULL);
	assert_false(sib_verify(&S, &T, (int[]){ 0, 1 }, (int[]){ 0, 2 }, 2));
	sib_string_free(&S);
	sib_string_free(&T);
}

/* Text: "Home" = 4, "About us" / "About them": prefix "About " 6, no
 * common suffix; 10 of 12 bytes, 0.833 >= 0.6 and tags 2/2: noise.  With
 * a different second text ("Contact"): 4/12 = 0.333 < 0.6: not noise. */
static void
test_text_similarity(void **state)
{
	(void)state;
	struct sib_string S, T, U;
	sib_string_from(&S, 2, "ab", (int[]){ 0, 1 }, (const char *[]){ "Home", "About us" });
	sib_string_from(&T, 2, "ab", (int[]){ 0, 1 }, (const char *[]){ "Home", "About them" });
	sib_string_from(&U, 2, "ab", (int[]){ 0, 1 }, (const char *[]){ "Home", "Contact" });
	struct params p = defaults();
	struct sib_result r;
	assert_int_equal(sib_match(&S, &T, &p, &r), 1);
	assert_near(r.textsim, 10.0 / 12, 1e-12);
	assert_int_equal(sib_match(&S, &U, &p, &r), 0);
	assert_near(r.tagsim, 1, 1e-12);
	assert_near(r.textsim, 4.0 / 12, 1e-12);
	sib_string_free(&S);
	sib_string_free(&T);
	sib_string_free(&U);
}

static const char *const page_a =
	"<body><div id=head><h1>Daily Site</h1><ul id=menu><li><a href=/>Home</a></li>"
	"<li><a href=/news>News</a></li><li><a href=/about>About</a></li></ul></div>"
	"<div id=main><h2>Apples are red</h2><p>Apples grow on trees in many orchards.</p>"
	"<p>They are picked in the autumn and kept cool.</p></div>"
	"<div id=foot><p>Copyright 2024 Daily Site. All rights reserved.</p></div></body>";
static const char *const page_b =
	"<body><div id=head><h1>Daily Site</h1><ul id=menu><li><a href=/>Home</a></li>"
	"<li><a href=/news>News</a></li><li><a href=/about>About</a></li></ul></div>"
	"<div id=main><h2>Pears are green</h2><p>Pears ripen after they are picked.</p>"
	"<p>A ripe pear yields to gentle pressure near the stem.</p><p>Third paragraph.</p></div>"
	"<div id=foot><p>Copyright 2024 Daily Site. All rights reserved.</p></div></body>";

/* body's text is spread over #head, #main and #foot: one level down,
 * three blocks.  Against page b, #head and #foot are found (tags and text
 * equal), #main is not (its text differs). */
static void
test_decide(void **state)
{
	(void)state;
	struct page a, b;
	test_page(&a, page_a);
	test_page(&b, page_b);
	struct params p = defaults();
	uint8_t *blk = xmalloc((size_t)a.dom->n);
	int head = test_by_id(&a, "head"), main_ = test_by_id(&a, "main");
	int foot = test_by_id(&a, "foot");
	sib_segment(a.dom, a.m, p.sib_pdoc, blk);
	assert_int_equal(blk[a.dom->body], 2);
	/* #head's text is spread over h1 and ul, so it is cut further */
	assert_int_equal(blk[head], 2);
	assert_int_equal(blk[test_by_id(&a, "menu")], 2);
	assert_int_equal(blk[main_], 2);
	assert_int_equal(blk[foot], 2);   /* single child p, passed through */
	assert_int_equal(blk[a.dom->first_child[foot]], 1);
	char err[64];
	assert_int_equal(params_set(&p, "sib.pdoc=1", err, sizeof err), 0);
	/* the paper's test: #main's short paragraphs would make it a slot
	 * of no prose (test_slot) */
	assert_int_equal(params_set(&p, "sib.prose=0", err, sizeof err), 0);
	sib_segment(a.dom, a.m, p.sib_pdoc, blk);
	assert_int_equal(blk[head], 1);
	assert_int_equal(blk[main_], 1);

	struct sib_string T;
	sib_string_build(b.dom, b.dom->body, &T);
	const struct sib_string *sibs[1] = { &T };
	double *tg = xmalloc(sizeof(double) * (size_t)a.dom->n);
	double *tx = xmalloc(sizeof(double) * (size_t)a.dom->n);
	struct decision dc;
	decision_init(&dc, a.dom->n);
	sib_decide(a.dom, a.m, sibs, 1, &p, NULL, &dc, tg, tx, NULL);
	assert_int_equal(dc.content[head], 0);
	assert_int_equal(dc.reason[head], REASON_NOISE_BLOCK);
	assert_near(tg[head], 1, 1e-12);
	/* #foot was passed through: its p is the block */
	assert_int_equal(dc.content[a.dom->first_child[foot]], 0);
	assert_int_equal(dc.content[main_], 1);
	assert_int_equal(dc.reason[main_], REASON_UNIQUE);
	assert_true(tx[main_] < 0.6);
	struct buf out;
	buf_init(&out);
	extract_text(a.dom, dc.content, &out);
	assert_string_equal(out.data, "Apples are red\nApples grow on trees in many orchards.\n"
			    "They are picked in the autumn and kept cool.\n");
	buf_free(&out);
	/* no siblings: nothing is noise */
	sib_decide(a.dom, a.m, NULL, 0, &p, NULL, &dc, NULL, NULL, NULL);
	assert_int_equal(dc.content[head], 1);
	decision_free(&dc);
	sib_string_free(&T);
	free(blk);
	free(tg);
	free(tx);
	page_free(&a);
	page_free(&b);
}

/* A web archive's toolbar: the same tags on every capture, other dates
 * and counts.  Against the sibling, #bar's tags are found (span span:
 * 2/2 = 1 >= 0.8), its text is not ("9 captures" and "12 views" share
 * the last "s", "Tue 5 January" and "Sun 17 March" nothing: 1 of 23
 * bytes < 0.6).  Its two texts have 9 and 11 characters without spaces,
 * under sib.prose = 40: a slot of no prose, noise.  The story's
 * paragraph has 50: its block stays.  With sib.prose=0 (the paper's
 * test) the toolbar stays too. */
static void
test_slot(void **state)
{
	(void)state;
	static const char *const a_html =
		"<body><div id=bar><span>9 captures</span><span>Tue 5 January</span></div>"
		"<div id=main><p>Apples grow on trees in many orchards in the county of Kent.</p>"
		"</div></body>";
	static const char *const b_html =
		"<body><div id=bar><span>12 views</span><span>Sun 17 March</span></div>"
		"<div id=main><p>Pears ripen after they are picked, in a cool dark room or shed.</p>"
		"</div></body>";
	struct page a, b;
	test_page(&a, a_html);
	test_page(&b, b_html);
	struct params p = defaults();
	int bar = test_by_id(&a, "bar"), main_ = test_by_id(&a, "main");
	assert_int_equal(sib_slot(a.dom, a.m, bar, &p), SIB_SLOT_SHORT);
	assert_int_equal(sib_slot(a.dom, a.m, main_, &p), SIB_SLOT_NONE);
	struct sib_string T;
	sib_string_build(b.dom, b.dom->body, &T);
	const struct sib_string *sibs[1] = { &T };
	double *tg = xmalloc(sizeof(double) * (size_t)a.dom->n);
	double *tx = xmalloc(sizeof(double) * (size_t)a.dom->n);
	struct decision dc;
	decision_init(&dc, a.dom->n);
	sib_decide(a.dom, a.m, sibs, 1, &p, NULL, &dc, tg, tx, NULL);
	assert_near(tg[bar], 1, 1e-12);
	assert_near(tx[bar], 1.0 / 23, 1e-12);
	assert_int_equal(dc.reason[bar], REASON_NOISE_BLOCK);
	assert_int_equal(dc.content[bar], 0);
	assert_int_equal(dc.content[a.dom->first_child[main_]], 1);
	char err[64];
	assert_int_equal(params_set(&p, "sib.prose=0", err, sizeof err), 0);
	assert_int_equal(sib_slot(a.dom, a.m, bar, &p), SIB_SLOT_NONE);
	sib_decide(a.dom, a.m, sibs, 1, &p, NULL, &dc, tg, tx, NULL);
	assert_int_equal(dc.content[bar], 1);
	assert_int_equal(dc.reason[bar], REASON_UNIQUE);
	decision_free(&dc);
	sib_string_free(&T);
	free(tg);
	free(tx);
	page_free(&a);
	page_free(&b);
}

/* A wrapper whose one text-holding child stands among empty elements (a
 * spacer, a clearing div) is passed through: #wrap's text is all in
 * #story, so #story is cut, not #wrap kept whole. */
static void
test_wrapper(void **state)
{
	(void)state;
	struct page a;
	test_page(&a, "<body><div id=wrap><div class=spacer></div><div id=story>"
		  "<div id=box><p>A box of links to other stories of the day.</p></div>"
		  "<div id=text><p>The story itself, in a paragraph of its own.</p></div></div>"
		  "<div class=clear></div></div></body>");
	struct params p = defaults();
	uint8_t *blk = xmalloc((size_t)a.dom->n);
	sib_segment(a.dom, a.m, p.sib_pdoc, blk);
	assert_int_equal(blk[test_by_id(&a, "wrap")], 2);
	assert_int_equal(blk[test_by_id(&a, "story")], 2);
	assert_int_equal(blk[test_by_id(&a, "box")], 2);
	assert_int_equal(blk[a.dom->first_child[test_by_id(&a, "box")]], 1);
	assert_int_equal(blk[a.dom->first_child[test_by_id(&a, "text")]], 1);
	free(blk);
	page_free(&a);
}

/* A node string of a subtree: pre-order, depths relative to the root,
 * each element's own text with whitespace collapsed. */
static void
test_string_build(void **state)
{
	(void)state;
	struct page pg;
	test_page(&pg, "<body><div id=r>one <b>two</b>  three<script>x</script>"
		  "<p>four</p></div></body>");
	struct sib_string s;
	sib_string_build(pg.dom, test_by_id(&pg, "r"), &s);
	assert_int_equal(s.n, 3);   /* div b p */
	assert_int_equal(s.v[0].depth, 0);
	assert_int_equal(s.v[1].depth, 1);
	assert_string_equal(s.v[0].text, "one three");
	assert_string_equal(s.v[1].text, "two");
	assert_string_equal(s.v[2].text, "four");
	assert_int_equal(s.textlen, 9 + 3 + 4);
	sib_string_free(&s);
	sib_string_free(NULL);
	page_free(&pg);
	/* a subtree with no text at all (found by fuzz-keys: its first
	 * node's characters were counted from the empty pool's null
	 * buffer, which UBSan reports) */
	test_page(&pg, "<body><div id=r><p></p><hr></div></body>");
	sib_string_build(pg.dom, test_by_id(&pg, "r"), &s);
	assert_int_equal(s.n, 3);
	assert_int_equal(s.v[0].chars, 0);
	assert_int_equal(s.textlen, 0);
	sib_string_free(&s);
	page_free(&pg);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_stm),
		cmocka_unit_test(test_similarity),
		cmocka_unit_test(test_cluster),
		cmocka_unit_test(test_tree_from_dom),
		cmocka_unit_test(test_fuzzy_exact),
		cmocka_unit_test(test_fuzzy_smove),
		cmocka_unit_test(test_text_chars),
		cmocka_unit_test(test_match_decides),
		cmocka_unit_test(test_fuzzy_tmove),
		cmocka_unit_test(test_fuzzy_max),
		cmocka_unit_test(test_figure1),
		cmocka_unit_test(test_text_similarity),
		cmocka_unit_test(test_decide),
		cmocka_unit_test(test_slot),
		cmocka_unit_test(test_wrapper),
		cmocka_unit_test(test_string_build),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}

/* test-tui-model.c - the inspector's model without a terminal: the
 * character score, folding and visible rows, selection, search, pins,
 * undo/redo, parameters, methods and highlighting. */
#include "config.h"

#include "testlib.h"

#include <stdio.h>

#include "tui/model.h"

/* ---- the character-level score (bench/score.py's "chars") ---- */

static void
test_prf_basic(void **state)
{
	(void)state;
	/* gold a a b c (4), predicted a b d (3): a and b match */
	struct prf r = prf_chars("aab c", 5, "ab d", 4);
	assert_int_equal(r.gold, 4);
	assert_int_equal(r.predicted, 3);
	assert_int_equal(r.matched, 2);
	assert_near(r.P, 2.0 / 3, 1e-9);
	assert_near(r.R, 0.5, 1e-9);
	assert_near(r.F, 2 * (2.0 / 3) * 0.5 / (2.0 / 3 + 0.5), 1e-9);
}

static void
test_prf_multiset_and_space(void **state)
{
	(void)state;
	/* whitespace of every kind is ignored; counts are capped by gold */
	const char *gold = "中文 中\xe3\x80\x80x";           /* 中 文 中 x, U+3000 */
	const char *pred = "中\n中\t中 文\xc2\xa0";         /* 中 中 中 文, U+00A0 */
	struct prf r = prf_chars(gold, strlen(gold), pred, strlen(pred));
	assert_int_equal(r.gold, 4);
	assert_int_equal(r.predicted, 4);
	assert_int_equal(r.matched, 3);
	assert_near(r.P, 0.75, 1e-9);
	assert_near(r.R, 0.75, 1e-9);
}

static void
test_prf_empty(void **state)
{
	(void)state;
	struct prf r = prf_chars("", 0, "", 0);
	assert_near(r.P, 1, 1e-9);
	assert_near(r.R, 1, 1e-9);
	r = prf_chars("abc", 3, "  ", 2);          /* nothing predicted */
	assert_near(r.P, 0, 1e-9);
	assert_near(r.R, 0, 1e-9);
	assert_near(r.F, 0, 1e-9);
	r = prf_chars("", 0, "abc", 3);            /* nothing to recall */
	assert_near(r.P, 0, 1e-9);
	assert_near(r.R, 1, 1e-9);
}

static void
test_charbag_reuse(void **state)
{
	(void)state;
	/* many distinct code points force the table to grow */
	struct buf g;
	buf_init(&g);
	for (uint32_t cp = 0x4E00; cp < 0x4E00 + 1000; cp++)
		buf_add_utf8(&g, cp);
	struct charbag *b = charbag_new(g.data, g.len);
	struct prf r1 = charbag_score(b, g.data, g.len);
	struct prf r2 = charbag_score(b, g.data, g.len / 2);
	struct prf r3 = charbag_score(b, g.data, g.len);
	assert_int_equal(r1.matched, 1000);
	assert_int_equal(r2.matched, 500);
	assert_int_equal(r3.matched, 1000);
	assert_near(r3.F, 1, 1e-9);
	charbag_free(b);
	buf_free(&g);
}

/* ---- a page ---- */

static const char page_html[] =
	"<html><head><title>T</title><style>p{}</style></head>\n"
	"<body>\n"
	"<div id=\"nav\" class=\"menu top\"><a href=\"/a\">Home</a> <a href=\"/b\">News</a>"
	" <a href=\"/c\">Sport</a> <a href=\"/d\">Arts</a> <a href=\"/e\">Money</a>"
	" <a href=\"/f\">Travel</a> <a href=\"/g\">Food</a> <a href=\"/h\">Cars</a></div>\n"
	"<div id=\"main\" class=\"article body text extra\">\n"
	"<h1>A headline about the harbour bridge</h1>\n"
	"<p>By Ann</p>\n"
	"<p>The harbour bridge reopened to traffic on Thursday morning, eight months after engineers closed it.</p>\n"
	"<p>Drivers queued from six o'clock to be among the first to cross the bridge again.</p>\n"
	"<p>Repairs cost fourteen million, two more than planned, because of rust under the deck.</p>\n"
	"</div>\n"
	"<div id=\"foot\"><p>Copyright notice of the site with many words and no links at all here.</p>"
	"<p><a href=\"/x\">About</a> <a href=\"/y\">Contact</a></p></div>\n"
	"</body></html>\n";

struct fixture {
	struct page pg;
	struct tui_model m;
};

static int
setup(void **state)
{
	struct fixture *f = calloc(1, sizeof *f);
	test_page(&f->pg, page_html);
	struct params p;
	params_default(&p);
	model_init(&f->m, &f->pg, &method_cc, &p, NULL, NULL, 0);
	*state = f;
	return 0;
}

static int
teardown(void **state)
{
	struct fixture *f = *state;
	model_free(&f->m);
	page_free(&f->pg);
	free(f);
	return 0;
}

static int
by_tag(const struct tui_model *m, const char *tag, int nth)
{
	for (int i = 0; i < m->n; i++)
		if (!strcmp(dom_tagname(m->d, i), tag) && nth-- == 0)
			return i;
	return -1;
}

static void
test_initial_state(void **state)
{
	struct fixture *f = *state;
	struct tui_model *m = &f->m;
	int head = by_tag(m, "head", 0);
	/* the head starts folded: its children are not rows */
	assert_true(m->folded[head]);
	assert_int_equal(model_row_of(m, head + 1), -1);
	assert_int_equal(m->nrows, m->n - (m->d->end[head] - head - 1));
	/* the selection opens on cc's content region */
	assert_int_equal(m->sel, m->ccdc.region);
	assert_int_equal(m->sel, test_by_id(&f->pg, "main"));
	/* rows are increasing element ids */
	for (int r = 1; r < m->nrows; r++)
		assert_true(m->rows[r] > m->rows[r - 1]);
	assert_string_equal(m->script, "Latin");
}

static void
test_folding(void **state)
{
	struct fixture *f = *state;
	struct tui_model *m = &f->m;
	int main_ = test_by_id(&f->pg, "main");
	int before = m->nrows;
	model_toggle_fold(m, main_);
	assert_int_equal(m->nrows, before - (m->d->end[main_] - main_ - 1));
	model_toggle_fold(m, main_);
	assert_int_equal(m->nrows, before);

	int body = m->d->body;
	model_fold_below(m, body);
	assert_false(m->folded[body]);
	assert_true(m->folded[main_]);
	assert_int_equal(model_row_of(m, by_tag(m, "h1", 0)), -1);
	/* folding survives a recomputation */
	model_step_param(m, 1);
	assert_true(m->folded[main_]);
	model_unfold_all(m);
	assert_int_equal(m->nrows, m->n);
}

static void
test_select_reveals(void **state)
{
	struct fixture *f = *state;
	struct tui_model *m = &f->m;
	int main_ = test_by_id(&f->pg, "main");
	model_set_fold(m, main_, true);
	int h1 = by_tag(m, "h1", 0);
	assert_int_equal(model_row_of(m, h1), -1);
	model_select(m, h1);
	assert_int_equal(m->sel, h1);
	assert_false(m->folded[main_]);
	assert_true(model_row_of(m, h1) >= 0);
}

static void
test_marks(void **state)
{
	struct fixture *f = *state;
	struct tui_model *m = &f->m;
	assert_int_equal(model_mark(m, by_tag(m, "p", 1)), MARK_CONTENT);
	/* a short paragraph among long ones is rescued by smoothing */
	assert_int_equal(model_mark(m, by_tag(m, "p", 0)), MARK_SMOOTH);
	/* the footer's text-only paragraph is outside the content region */
	assert_int_equal(model_mark(m, by_tag(m, "p", 4)), MARK_OUTLIER);
	assert_int_equal(model_mark(m, by_tag(m, "style", 0)), MARK_SKIP);
	assert_int_equal(model_mark(m, test_by_id(&f->pg, "nav")), MARK_NOISE);
}

static void
test_label(void **state)
{
	struct fixture *f = *state;
	struct buf b;
	buf_init(&b);
	int main_ = test_by_id(&f->pg, "main");
	/* whole when there is room: the id and every class */
	model_label(f->m.d, main_, &b);
	assert_string_equal(b.data, "div#main.article.body.text.extra");
	b.len = 0;
	model_label_fit(f->m.d, main_, 32, &b);
	assert_string_equal(b.data, "div#main.article.body.text.extra");
	/* one cell short: "article" (the longest, 7) cut to 6 cells */
	b.len = 0;
	model_label_fit(f->m.d, main_, 31, &b);
	assert_string_equal(b.data, "div#main.artic~.body.text.extra");
	/* 29 cells: every class needs 31 even with "article" cut to 6, so
	 * the last class gives way and nothing else is cut: 3 + 5 + 8 + 5
	 * + 5 + 2 ("+1") = 28 */
	b.len = 0;
	model_label_fit(f->m.d, main_, 29, &b);
	assert_string_equal(b.data, "div#main.article.body.text+1");
	b.len = 0;
	model_label_fit(f->m.d, main_, 12, &b);
	assert_string_equal(b.data, "div#main+4");
	/* no room even for that: the shortest form, the tree clips it */
	b.len = 0;
	model_label_fit(f->m.d, main_, 5, &b);
	assert_string_equal(b.data, "div#main+4");
	b.len = 0;
	model_label(f->m.d, by_tag(&f->m, "h1", 0), &b);
	assert_string_equal(b.data, "h1");
	buf_free(&b);

	struct page pg;
	test_page(&pg, "<html><body><div id=\"a-very-long-identifier-here\" "
		       "class=\"averyveryverylongclassname\">x</div></body></html>");
	buf_init(&b);
	int e = test_by_id(&pg, "a-very-long-identifier-here");
	model_label(pg.dom, e, &b);
	assert_string_equal(b.data, "div#a-very-long-identifier-here.averyveryverylongclassname");
	/* 40 cells: both tokens cut to the same 17, 16 code points and ~
	 * (3 + 18 + 18 = 39; 18 each would be 41) */
	b.len = 0;
	model_label_fit(pg.dom, e, 40, &b);
	assert_string_equal(b.data, "div#a-very-long-iden~.averyveryverylon~");
	buf_free(&b);
	page_free(&pg);
}

static void
test_search(void **state)
{
	struct fixture *f = *state;
	struct tui_model *m = &f->m;
	bool wrapped;
	model_select(m, 0);
	/* tag */
	assert_int_equal(model_search(m, "H1", 1, &wrapped), by_tag(m, "h1", 0));
	assert_false(wrapped);
	/* id and class */
	assert_int_equal(model_search(m, "foot", 1, &wrapped), test_by_id(&f->pg, "foot"));
	assert_int_equal(model_search(m, "menu", 1, &wrapped), test_by_id(&f->pg, "nav"));
	assert_true(wrapped);
	/* text, case-insensitive, its own text only */
	int i = model_search(m, "DRIVERS", 1, &wrapped);
	assert_int_equal(i, by_tag(m, "p", 2));
	assert_int_equal(m->nmatches, 1);
	assert_int_equal(m->match_rank, 1);
	/* next and previous among several */
	model_select(m, 0);
	int p0 = model_search(m, "bridge", 1, &wrapped);
	assert_int_equal(m->nmatches, 3);
	int p1 = model_search(m, "bridge", 1, &wrapped);
	assert_true(p1 > p0);
	assert_int_equal(m->match_rank, 2);
	assert_int_equal(model_search(m, "bridge", -1, &wrapped), p0);
	assert_int_equal(model_search(m, "bridge", -1, &wrapped), by_tag(m, "p", 2));
	assert_true(wrapped);
	assert_int_equal(model_search(m, "no such thing", 1, &wrapped), -1);
	assert_int_equal(m->nmatches, 0);
	/* what the tree prints finds the element: whole, cut short, with
	 * classes left out */
	int main_ = test_by_id(&f->pg, "main");
	assert_true(model_matches(m, main_, "div#main"));
	assert_true(model_matches(m, main_, ".body"));
	assert_true(model_matches(m, main_, "div.text.article"));
	assert_true(model_matches(m, main_, "div#main.artic~.body.text.extra"));
	assert_true(model_matches(m, main_, "div#main.article.body.text+1"));
	assert_true(model_matches(m, main_, "div#main+4"));
	assert_false(model_matches(m, main_, "div#main+5"));
	assert_true(model_matches(m, main_, "div+4"));     /* every class left out */
	assert_false(model_matches(m, by_tag(m, "h1", 0), "h1+1"));
	assert_int_equal(model_search(m, "c++", 1, &wrapped), -1);   /* text */
	assert_true(model_matches(m, main_, "div#mai~"));
	assert_false(model_matches(m, main_, "div#main~"));  /* the id is no longer */
	assert_false(model_matches(m, main_, "p#main"));
	assert_false(model_matches(m, main_, ".bod"));        /* a class is a whole token */
	assert_false(model_matches(m, test_by_id(&f->pg, "nav"), "div#main"));
	/* a query that is no selector is text: "3.5" and "a+b" */
	assert_int_equal(model_search(m, "3.5", 1, &wrapped), -1);
	assert_int_equal(model_search(m, "div.article", 1, &wrapped), main_);
	assert_int_equal(m->nmatches, 1);
}

static void
test_pins_undo(void **state)
{
	struct fixture *f = *state;
	struct tui_model *m = &f->m;
	int nav = test_by_id(&f->pg, "nav");
	size_t before = m->chars;
	assert_null(strstr(m->out.data, "Home"));
	assert_true(model_pin(m, nav, PIN_IN));
	assert_false(model_pin(m, nav, PIN_IN));
	assert_non_null(strstr(m->out.data, "Home"));
	assert_true(m->chars > before);
	/* its descendants follow their pinned ancestor */
	assert_int_equal(model_mark(m, nav + 1), MARK_PIN_IN);
	assert_int_equal(model_pin_source(m, nav + 1), nav);

	int p1 = by_tag(m, "p", 1);
	assert_true(model_pin(m, p1, PIN_OUT));
	assert_null(strstr(m->out.data, "reopened"));
	assert_int_equal(model_npins(m), 2);

	assert_true(model_undo(m));
	assert_non_null(strstr(m->out.data, "reopened"));
	assert_true(model_undo(m));
	assert_null(strstr(m->out.data, "Home"));
	assert_int_equal(m->chars, before);
	assert_false(model_undo(m));
	assert_true(model_redo(m));
	assert_non_null(strstr(m->out.data, "Home"));
	/* a new change forgets what could be redone */
	assert_true(model_pin(m, nav, PIN_NONE));
	assert_false(model_redo(m));
	assert_int_equal(model_npins(m), 0);
}

static void
test_params(void **state)
{
	struct fixture *f = *state;
	struct tui_model *m = &f->m;
	assert_string_equal(m->param->name, "cc.C");
	assert_int_equal(model_method_nparams(m), 4);
	assert_true(model_step_param(m, 1));
	assert_near(m->params.cc_C, 30, 1e-9);
	model_select_param(m, 1);
	assert_string_equal(m->param->name, "cc.S");
	assert_true(model_step_param(m, -1));
	assert_near(m->params.cc_S, 0.56, 1e-9);
	model_select_param(m, -2);
	assert_string_equal(m->param->name, "cc.outliers");
	assert_true(model_step_param(m, 1));   /* a switch toggles */
	assert_int_equal(m->params.cc_outliers, 0);
	assert_int_equal(model_mark(m, by_tag(m, "p", 4)), MARK_CONTENT);

	char err[128];
	model_select_param(m, 1);
	assert_int_equal(model_set_param(m, "35", err, sizeof err), 0);
	assert_near(m->params.cc_C, 35, 1e-9);
	assert_int_equal(model_set_param(m, "lots", err, sizeof err), -1);
	assert_non_null(strstr(err, "number"));

	/* a huge C: everything the smoothing does not rescue is noise */
	assert_int_equal(model_set_param(m, "100000", err, sizeof err), 0);
	assert_int_equal(model_mark(m, by_tag(m, "p", 1)), MARK_NOISE);

	assert_true(model_reset_params(m));
	assert_near(m->params.cc_C, 29, 1e-9);
	assert_int_equal(m->params.cc_outliers, 1);
	assert_false(model_reset_params(m));
	assert_true(model_undo(m));
	assert_near(m->params.cc_C, 100000, 1e-9);
	/* at the bottom of its range a parameter does not move */
	assert_int_equal(model_set_param(m, "0", err, sizeof err), 0);
	assert_false(model_step_param(m, -1));
}

static void
test_highlight(void **state)
{
	struct fixture *f = *state;
	struct tui_model *m = &f->m;
	int p1 = by_tag(m, "p", 1);
	model_select(m, p1);
	assert_true(m->hl_end > m->hl_start);
	assert_memory_equal(m->shown.data + m->hl_start, "The harbour", 11);
	assert_int_equal(m->shown.data[m->hl_end - 1], '.');
	assert_int_equal(model_elem_at_text(m, m->hl_start + 3), p1);
	/* a noise element has no text in the extraction */
	model_select(m, test_by_id(&f->pg, "nav"));
	assert_true(m->hl_end == m->hl_start);
	/* with the dropped text shown it has, greyed */
	model_set_show_dropped(m, true);
	assert_true(m->hl_end > m->hl_start);
	assert_memory_equal(m->shown.data + m->hl_start, "Home", 4);
	bool dropped = false;
	for (int r = 0; r < m->nruns; r++)
		if (m->runs[r].start <= m->hl_start && m->runs[r].end > m->hl_start)
			dropped = m->runs[r].flags & RUN_DROPPED;
	assert_true(dropped);
	/* the method's own text does not change */
	assert_null(strstr(m->out.data, "Home"));
}

static void
test_lb(void **state)
{
	struct fixture *f = *state;
	struct tui_model *m = &f->m;
	model_cycle_algo(m, 1);
	assert_ptr_equal(m->algo, &method_lb);
	/* A goes back the way a came, and from the first to the last */
	model_cycle_algo(m, -1);
	assert_ptr_equal(m->algo, &method_cc);
	model_cycle_algo(m, -1);
	assert_ptr_equal(m->algo, methods[nmethods - 1]);
	model_cycle_algo(m, 1);
	model_cycle_algo(m, 1);
	assert_ptr_equal(m->algo, &method_lb);
	assert_string_equal(m->param->name, "lb.K");
	/* without pins the text is exactly lineblock_extract's */
	struct buf b;
	buf_init(&b);
	lineblock_extract(f->pg.lb, &m->params, &b);
	assert_int_equal(m->out.len, b.len);
	if (b.len)
		assert_memory_equal(m->out.data, b.data, b.len);
	assert_int_equal(m->shown.len, m->out.len);
	/* elements on a selected region's lines are content */
	int p1 = by_tag(m, "p", 1);
	assert_int_equal(model_mark(m, p1), MARK_CONTENT);
	model_select(m, p1);
	assert_true(m->hl_end > m->hl_start);
	assert_memory_equal(m->shown.data + m->hl_start, "The harbour", 11);
	/* a pin out drops the element's lines */
	model_pin(m, p1, PIN_OUT);
	assert_null(strstr(m->out.data, "reopened"));
	assert_int_equal(model_mark(m, p1), MARK_PIN_OUT);
	/* a pin in adds a line lb did not keep */
	model_pin(m, test_by_id(&f->pg, "nav"), PIN_IN);
	assert_non_null(strstr(m->out.data, "Home News"));
	buf_free(&b);
	/* element lines map to Ctext lines */
	int a, z;
	assert_true(model_ctext_lines(m, p1, &a, &z));
	assert_int_equal(a, m->d->line[p1]);
	assert_int_equal(model_elem_at_line(m, m->d->line[p1]), p1);
	/* round the other methods this build has, back to cc */
	for (int k = 0; k < nmethods && m->algo != &method_cc; k++)
		model_cycle_algo(m, 1);
	assert_ptr_equal(m->algo, &method_cc);
}

static void
test_gold_score_live(void **state)
{
	(void)state;
	struct page pg;
	test_page(&pg, page_html);
	struct params p;
	params_default(&p);
	struct tui_model m;
	/* score against the extraction itself first */
	struct tui_model m0;
	model_init(&m0, &pg, &method_cc, &p, NULL, NULL, 0);
	char *gold = xstrdup(m0.out.data);
	model_free(&m0);
	model_init(&m, &pg, &method_cc, &p, NULL, gold, strlen(gold));
	assert_near(m.prf.P, 1, 1e-9);
	assert_near(m.prf.R, 1, 1e-9);
	/* more text kept: recall stays, precision falls */
	model_pin(&m, 0, PIN_IN);
	assert_near(m.prf.R, 1, 1e-9);
	assert_true(m.prf.P < 1);
	struct prf direct = prf_shingles(gold, strlen(gold), m.out.data, m.out.len);
	assert_near(m.prf.P, direct.P, 1e-12);
	direct = prf_chars(gold, strlen(gold), m.out.data, m.out.len);
	assert_near(m.prf_chars.P, direct.P, 1e-12);
	free(gold);
	model_free(&m);
	page_free(&pg);
}

/* Word 4-grams see what a bag of characters cannot: a passage moved or
 * lost.  Worked by hand: "a b c d e f g h" has the shingles abcd bcde
 * cdef defg efgh; its halves swapped, efgh fgha ghab habc abcd: 2 of 5
 * shared, P = R = F = 0.4, where the characters say 1. */
static void
test_shingles(void **state)
{
	(void)state;
	const char *gold = "a b c d\ne f g h";
	struct prf r = prf_shingles(gold, strlen(gold), "e f g h\na b c d", 15);
	assert_int_equal(r.gold, 5);
	assert_int_equal(r.predicted, 5);
	assert_int_equal(r.matched, 2);
	assert_near(r.F, 0.4, 1e-12);
	assert_near(prf_chars(gold, strlen(gold), "e f g h\na b c d", 15).F, 1, 1e-12);
	/* ten words, "six seven" lost: 5 shingles of 8 words, 2 of them the
	 * gold's 7 (one two three four, two three four five): P 2/5, R 2/7,
	 * F 1/3 */
	const char *ten = "one two three four five six seven eight nine ten";
	const char *lost = "one two three four five eight nine ten";
	r = prf_shingles(ten, strlen(ten), lost, strlen(lost));
	assert_int_equal(r.matched, 2);
	assert_near(r.P, 0.4, 1e-12);
	assert_near(r.R, 2.0 / 7, 1e-12);
	assert_near(r.F, 1.0 / 3, 1e-12);
	/* an ideograph is a token alone: 5 tokens, 2 shingles; 4 tokens, 1 */
	r = prf_shingles("中文字很好", strlen("中文字很好"), "中文字很", strlen("中文字很"));
	assert_int_equal(r.gold, 2);
	assert_int_equal(r.predicted, 1);
	assert_near(r.P, 1, 1e-12);
	assert_near(r.R, 0.5, 1e-12);
	/* fewer than four tokens: one shorter shingle; punctuation and
	 * white space are no tokens; a combining mark stays in its word */
	r = prf_shingles("one, two", 8, "one two", 7);
	assert_int_equal(r.gold, 1);
	assert_near(r.F, 1, 1e-12);
	r = prf_shingles("नमस्ते दुनिया", strlen("नमस्ते दुनिया"), "नमस दुनिया", strlen("नमस दुनिया"));
	assert_int_equal(r.matched, 0);
	/* nothing on either side: nothing extra, nothing missing */
	r = prf_shingles("", 0, " . ", 3);
	assert_near(r.F, 1, 1e-12);
}

/* F: the elements the gold disputes.  The gold lacks "By Ann" (cc keeps
 * it by smoothing) and has the copyright line (cc drops it, an outlier):
 * those two paragraphs and nothing else; the rows are they, their
 * ancestors and the selection's. */
static void
test_gold_filter(void **state)
{
	(void)state;
	struct page pg;
	test_page(&pg, page_html);
	struct params p;
	params_default(&p);
	static const char gold[] =
		"A headline about the harbour bridge\n"
		"The harbour bridge reopened to traffic on Thursday morning, eight months after engineers closed it.\n"
		"Drivers queued from six o'clock to be among the first to cross the bridge again.\n"
		"Repairs cost fourteen million, two more than planned, because of rust under the deck.\n"
		"Copyright notice of the site with many words and no links at all here.\n";
	struct tui_model m;
	model_init(&m, &pg, &method_cc, &p, NULL, NULL, 0);
	assert_false(model_set_gold_filter(&m, true));   /* no gold */
	int rows = m.nrows;
	model_free(&m);

	model_init(&m, &pg, &method_cc, &p, NULL, gold, strlen(gold));
	assert_int_equal(m.nrows, rows);
	int byline = by_tag(&m, "p", 0), copy = by_tag(&m, "p", 4);
	int main_ = test_by_id(&pg, "main"), foot = test_by_id(&pg, "foot");
	model_select(&m, byline);
	assert_true(model_set_gold_filter(&m, true));
	assert_int_equal(m.ndisagree, 2);
	assert_int_equal(m.disagree[byline], GOLD_EXTRA);
	assert_int_equal(m.disagree[copy], GOLD_MISSING);
	/* html, body, div#main, p (By Ann), div#foot, p (Copyright) */
	assert_int_equal(m.nrows, 6);
	assert_int_equal(m.rows[2], main_);
	assert_int_equal(m.rows[3], byline);
	assert_int_equal(m.rows[4], foot);
	assert_int_equal(m.rows[5], copy);
	/* the selection stays a row wherever it goes */
	int h1 = by_tag(&m, "h1", 0);
	model_select(&m, h1);
	assert_int_equal(m.nrows, 7);
	assert_int_equal(m.rows[3], h1);
	/* a pin that settles the dispute takes the element off */
	model_pin(&m, copy, PIN_IN);
	assert_int_equal(m.ndisagree, 1);
	assert_int_equal(m.disagree[copy], 0);
	assert_int_equal(model_row_of(&m, copy), -1);
	assert_true(model_set_gold_filter(&m, false));
	assert_int_equal(m.nrows, rows);
	model_free(&m);
	page_free(&pg);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_prf_basic),
		cmocka_unit_test(test_prf_multiset_and_space),
		cmocka_unit_test(test_prf_empty),
		cmocka_unit_test(test_shingles),
		cmocka_unit_test(test_charbag_reuse),
		cmocka_unit_test_setup_teardown(test_initial_state, setup, teardown),
		cmocka_unit_test_setup_teardown(test_folding, setup, teardown),
		cmocka_unit_test_setup_teardown(test_select_reveals, setup, teardown),
		cmocka_unit_test_setup_teardown(test_marks, setup, teardown),
		cmocka_unit_test_setup_teardown(test_label, setup, teardown),
		cmocka_unit_test_setup_teardown(test_search, setup, teardown),
		cmocka_unit_test_setup_teardown(test_pins_undo, setup, teardown),
		cmocka_unit_test_setup_teardown(test_params, setup, teardown),
		cmocka_unit_test_setup_teardown(test_highlight, setup, teardown),
		cmocka_unit_test_setup_teardown(test_lb, setup, teardown),
		cmocka_unit_test(test_gold_score_live),
		cmocka_unit_test(test_gold_filter),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}

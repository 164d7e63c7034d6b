/* view-detail.c - why the selected element is kept or dropped: every
 * figure with its formula and the numbers put in, the smoothing and
 * outlier tests, the pin, the XPath and source lines, the page's
 * loading facts and its metadata with where each field came from. */
#include "config.h"

#include <stdarg.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tui/view.h"

struct dline {
	int role;
	char *text;
};

/* A line longer than this (a page's megabyte attribute) is cut, at a
 * space where one is near, and says so. */
#define DLINE_MAX 4096
/* The steps of an element's XPath the detail shows at most, the nearest:
 * 300 fit DLINE_MAX at the shortest (/div[1]), the tail when deeper. */
#define XPATH_SHOWN 300

struct detail {
	struct dline *l;
	int n, cap;
	bool utf8;
};

static struct dline *
push(struct detail *D, int role)
{
	if (D->n == D->cap) {
		D->cap = D->cap ? D->cap * 2 : 32;
		D->l = xreallocarray(D->l, (size_t)D->cap, sizeof *D->l);
	}
	struct dline *x = &D->l[D->n++];
	x->role = role;
	return x;
}

static void __attribute__((format(printf, 3, 4)))
add(struct detail *D, int role, const char *fmt, ...)
{
	struct dline *x = push(D, role);
	struct buf b = { 0 };
	va_list ap;
	va_start(ap, fmt);
	buf_vprintf(&b, fmt, ap);
	va_end(ap);
	if (b.len > DLINE_MAX) {
		/* at a space near the end, else on a whole character (a run of
		 * stray continuation bytes: where the cap falls) */
		size_t k = utf8_cut(b.data, b.len, DLINE_MAX);
		if (k == 0)
			k = DLINE_MAX;
		size_t sp = k;
		while (sp > DLINE_MAX - 200 && b.data[sp - 1] != ' ')
			sp--;
		b.len = sp > DLINE_MAX - 200 ? sp - 1 : k;
		buf_adds(&b, " [...]");
	}
	buf_adds(&b, "");
	x->text = buf_steal(&b, NULL);
}

static void
detail_free(struct detail *D)
{
	for (int k = 0; k < D->n; k++)
		free(D->l[k].text);
	free(D->l);
}

/* Comparison signs and the arrow, in ASCII off UTF-8. */
static const char *
sym(const struct detail *D, const char *utf8, const char *ascii)
{
	return D->utf8 ? utf8 : ascii;
}

static const char *
label(const struct dom *d, int i, struct buf *b)
{
	b->len = 0;
	model_label(d, i, b);
	return b->data;
}

#define TA_LINE add(D, ROLE_NORMAL, "TA = %d non-link chars, LA = %d links, LT = %d link chars", \
	mt->TA[i], mt->LA[i], mt->LT[i])

static void
cc_figures(struct detail *D, const struct tui_model *m, int i, bool deciding, int stage)
{
	const struct dom *d = m->d;
	const struct metrics *mt = m->pg->m;
	const struct decision *dc = &m->ccdc;
	const struct params *p = &m->params;
	const char *le = sym(D, "\xe2\x89\xa4", "<="), *ge = sym(D, "\xe2\x89\xa5", ">=");
	const char *to = sym(D, "\xe2\x86\x92", "->");
	int la = mt->LA[i] > 1 ? mt->LA[i] : 1;
	int par = d->parent[i];
	int tap = par >= 0 ? mt->TA[par] : mt->TA[i];
	bool cc_in = mt->CC[i] > p->cc_C;

	/* the formulas as metrics.c computes them: LA (and the parent's TA)
	 * under 1 count as 1, and the line says so where it applies */
	bool la_guard = mt->LA[i] < 1, ta_guard = tap < 1;
	add(D, deciding ? (cc_in ? ROLE_CONTENT : ROLE_NOISE) : ROLE_NORMAL,
	    "CC = TA/%s = %d/%d = %.2f %s C=%g %s %s", la_guard ? "max(LA,1)" : "LA",
	    mt->TA[i], la, mt->CC[i], cc_in ? ">" : le, p->cc_C, to, cc_in ? "content" : "noise");
	add(D, ROLE_NORMAL, "TD = %s%s%s/%s = %d/%d = %.2f %s D=%g",
	    ta_guard ? "max(" : "", par >= 0 ? "TA(parent)" : "TA(itself)", ta_guard ? ",1)" : "",
	    la_guard ? "max(LA,1)" : "LA", tap > 1 ? tap : 1, la, mt->TD[i],
	    mt->TD[i] > p->cc_D ? ">" : le, p->cc_D);
	int g = mt->group[i], gs = mt->group_size[g];
	int hits = (int)(dc->CS[i] * gs + 0.5);
	/* CS counts CC >= C (the paper's), the content test is CC > C: say
	 * how many of those counted pass it */
	int over = par >= 0 ? m->cc_over[g] : mt->CC[i] > p->cc_C;
	add(D, ROLE_NORMAL, "CS = %d/%d = %.2f %s S=%g  (%s siblings with CC %s C; %d of them CC > C, "
	    "content)", hits, gs, dc->CS[i], dc->CS[i] > p->cc_S ? ">" : le, p->cc_S,
	    dom_tagname(d, i), ge, over);
	if (!deciding) {
		TA_LINE;
		return;
	}

	/* in step mode, what the stages shown so far did, no more */
	if (stage == 1) {
		add(D, ROLE_DIM, "smoothing: stage 2, not applied yet");
		add(D, ROLE_DIM, "outliers: stage 3, not tested yet");
		TA_LINE;
		return;
	}
	if (cc_in)
		add(D, ROLE_NORMAL, "smoothing: not needed (CC > C)");
	else if (dc->CS[i] <= p->cc_S)
		add(D, ROLE_NORMAL, "smoothing: CS %.2f %s S=%g %s stays noise", dc->CS[i], le, p->cc_S, to);
	else if (mt->TD[i] <= p->cc_D)
		add(D, ROLE_NORMAL, "smoothing: CS > S but TD %.2f %s D=%g %s stays noise",
		    mt->TD[i], le, p->cc_D, to);
	else
		add(D, ROLE_SMOOTH, "smoothing: CS %.2f > S=%g and TD %.2f > D=%g %s content",
		    dc->CS[i], p->cc_S, mt->TD[i], p->cc_D, to);

	struct buf b;
	buf_init(&b);
	int r = dc->region;
	if (stage == 2)
		add(D, ROLE_DIM, "outliers: stage 3, not tested yet");
	else if (!p->cc_outliers)
		add(D, ROLE_NORMAL, "outliers: not tested (cc.outliers=off)");
	else if (r < 0 && m->cc_any)
		add(D, ROLE_NORMAL, "outliers: no content region: no content element holds text "
		    "of its own (their text's blocks are noise)");
	else if (r < 0)
		add(D, ROLE_NORMAL, "outliers: no content region (nothing is content)");
	else if (dom_contains(d, r, i))
		add(D, ROLE_NORMAL, "outliers: inside the content region %s", label(d, r, &b));
	else if (dom_contains(d, i, r))
		add(D, ROLE_NORMAL, "outliers: holds the content region %s", label(d, r, &b));
	else if (dc->reason[i] == REASON_OUTLIER)
		add(D, ROLE_OUTLIER, "outliers: outside the content region %s, CS %.2f %s S=%g %s reset to noise",
		    label(d, r, &b), dc->CS[i], le, p->cc_S, to);
	else if (cc_in || dc->reason[i] == REASON_SMOOTH)
		add(D, ROLE_NORMAL, "outliers: outside the content region %s, but CS %.2f > S=%g %s kept",
		    label(d, r, &b), dc->CS[i], p->cc_S, to);
	else
		add(D, ROLE_NORMAL, "outliers: outside the content region %s (noise anyway)",
		    label(d, r, &b));
	buf_free(&b);
	TA_LINE;
}

static void
explain_line(void *ctx, enum explain_role role, const char *text)
{
	static const int roles[] = {
		[EXPLAIN_HEADING] = ROLE_HEADING, [EXPLAIN_NORMAL] = ROLE_NORMAL,
		[EXPLAIN_DIM] = ROLE_DIM, [EXPLAIN_CONTENT] = ROLE_CONTENT,
		[EXPLAIN_NOISE] = ROLE_NOISE,
	};
	add(ctx, roles[role], "%s", text);
}

/* "name: value (where from)", wrapped; nothing when the page gave none. */
static void
meta_field(struct detail *D, const char *name, const char *value, const char *from)
{
	if (!value)
		return;
	struct buf b;
	buf_init(&b);
	buf_printf(&b, "%s: %s (%s)", name, value, from ? from : "?");
	add(D, ROLE_NORMAL, "%s", b.data);
	buf_free(&b);
}

/* "  over: from "value"; ...": what a field's source beat, dimmed. */
static void
meta_over(struct detail *D, const char *value, const char *over)
{
	if (value && over)
		add(D, ROLE_DIM, "  over %s", over);
}

/* The metadata pith found, each field with its source (what extract
 * --format json writes), so a wrong date or author can be traced. */
static void
meta_section(struct detail *D, const struct page_meta *pm)
{
	add(D, ROLE_HEADING, "metadata");
	meta_field(D, "title", pm->title, pm->title_from);
	meta_over(D, pm->title, pm->title_over);
	meta_field(D, "author", pm->author, pm->author_from);
	meta_over(D, pm->author, pm->author_over);
	meta_field(D, "date", pm->date, pm->date_from);
	meta_over(D, pm->date, pm->date_over);
	meta_field(D, "modified", pm->modified, pm->modified_from);
	meta_field(D, "site", pm->site, pm->site_from);
	meta_field(D, "language", pm->language, pm->language_from);
	meta_field(D, "description", pm->description, pm->description_from);
	meta_field(D, "image", pm->image, pm->image_from);
	meta_field(D, "canonical", pm->canonical, pm->canonical_from);
	struct buf b;
	buf_init(&b);
	for (int i = 0; i < pm->ncategories; i++)
		buf_printf(&b, "%s%s", i ? ", " : "", pm->categories[i]);
	meta_field(D, "categories", b.len ? b.data : NULL, pm->categories_from);
	b.len = 0;
	for (int i = 0; i < pm->ntags; i++)
		buf_printf(&b, "%s%s", i ? ", " : "", pm->tags[i]);
	meta_field(D, "tags", b.len ? b.data : NULL, pm->tags_from);
	buf_free(&b);
	if (!pm->title && !pm->author && !pm->date && !pm->modified && !pm->site &&
	    !pm->language && !pm->description && !pm->image && !pm->canonical &&
	    !pm->ncategories && !pm->ntags)
		add(D, ROLE_DIM, "none: the page names no title, date, author or site");
}

/* Step mode: the stage shown, whether it changed the element, and what
 * the next stage will do to it. */
static void
stage_lines(struct detail *D, const struct tui_model *m, int i)
{
	if (m->step <= 0)
		return;
	const char *to = sym(D, "\xe2\x86\x92", "->");
	bool now = m->dc->content[i];
	add(D, ROLE_HEADING, "stage %d of %d: %s", m->step, m->nstages, m->stage_name);
	if (m->changed && m->changed[i])
		add(D, ROLE_HIGHLIGHT, "* this stage turned it %s %s %s", now ? "noise" : "content",
		    to, now ? "content" : "noise");
	else if (!(m->d->flags[i] & DOM_SKIP))
		add(D, ROLE_NORMAL, "this stage left it %s", now ? "content" : "noise");
	if (!m->next_name[0]) {
		add(D, ROLE_NORMAL, "the last stage: this is the method's decision (t: the whole "
		    "method again)");
		return;
	}
	bool next = m->next_content[i];
	if (next != now)
		add(D, next ? ROLE_CONTENT : ROLE_NOISE, "next, stage %d (%s), turns it %s %s %s",
		    m->step + 1, m->next_name, now ? "content" : "noise", to,
		    next ? "content" : "noise");
	else
		add(D, ROLE_NORMAL, "next, stage %d (%s), leaves it %s", m->step + 1, m->next_name,
		    now ? "content" : "noise");
}

/* Element i, never text, is so because it or an ancestor it is left out
 * with is what of() names (a dialog, a class for screen readers): "it is"
 * or "it lies in", then before, the sign, after, and that ancestor. */
static void
left_out_by(struct detail *D, const struct dom *d, int i,
	    const char *(*of)(const struct dom *, int), const char *before, const char *after,
	    struct buf *b)
{
	for (int a = i; a >= 0 && d->flags[a] & DOM_SKIP; a = d->parent[a]) {
		const char *sign = of(d, a);
		if (!sign)
			continue;
		add(D, ROLE_SKIP, "%s %s%s%s", a == i ? "it is" : "it lies in", before, sign, after);
		if (a != i)
			add(D, ROLE_SKIP, "  %s (line %d, #%d)", label(d, a, b), d->line[a], a);
		return;
	}
}

/* Element i, never text, is so because it copies the source of the
 * element beside it (dom_source_of; such a copy has no element
 * children): which element it renders.  Not where its parent is never
 * text already (a template's). */
static void
source_copy(struct detail *D, const struct dom *d, int i, struct buf *b)
{
	int r = d->parent[i] >= 0 && !(d->flags[d->parent[i]] & DOM_SKIP) ?
		dom_source_of(d, i) : -1;
	if (r < 0)
		return;
	add(D, ROLE_SKIP, "it is a copy of the source of the element beside it, of the same "
	    "words (a forge keeps each comment's Markdown so): that element's rendering is the "
	    "text");
	add(D, ROLE_SKIP, "  %s (line %d, #%d)", label(d, r, b), d->line[r], r);
}

/* Element i's decision: by what, at which stage, for which reason, the
 * method's own lines and cc's figures. */
static void
element_decision(struct detail *D, const struct tui *t, int i)
{
	const struct tui_model *m = &t->m;
	const struct dom *d = m->d;
	struct page *pg = m->pg;
	struct buf b;
	buf_init(&b);
	const char *to = sym(D, "\xe2\x86\x92", "->");
	add(D, ROLE_HEADING, "%s", label(d, i, &b));
	enum mark k = model_mark(m, i);
	const struct decision *dc = m->dc;
	static const char *const why[MARK_COUNT] = {
		[MARK_SKIP] = " (never text)", [MARK_NOISE] = "",
		[MARK_CONTENT] = "", [MARK_SMOOTH] = " by smoothing",
		[MARK_OUTLIER] = " (an outlier)", [MARK_PIN_IN] = " (pinned)",
		[MARK_PIN_OUT] = " (pinned)",
	};
	int blk = m->run.by_lines ? -1 : m->inline_of[i];
	/* an element the method gives no decision of its own (auto: no
	 * text block): what its blocks got, not a verdict of its own */
	bool none = k != MARK_SKIP && m->algo->decided && blk < 0 && !m->run.by_rule &&
		    dc->reason[i] != REASON_PINNED &&
		    (m->run.state_of != m->algo || !m->algo->decided(m->run.state, i));
	int bk = 0, bt = 0;
	if (none)
		model_blocks_inside(m, i, &bk, &bt);
	if (none && bt > 0) {
		add(D, ROLE_NORMAL, "%s: [%c] no decision of its own (no text block): %d of the "
		    "%d blocks in it kept", m->algo->name, mark_char(k), bk, bt);
	} else if (none) {
		add(D, ROLE_NORMAL, "%s: [%c] no decision of its own (no text block), no block in it",
		    m->algo->name, mark_char(k));
	} else if (blk >= 0 && dc->reason[i] != REASON_PINNED) {
		/* what the method says of a span in a paragraph is not
		 * what happens to its text: the paragraph decides */
		add(D, mark_role(k), "%s: [%c] inline: its text is %s with its block",
		    m->algo->name, mark_char(k), dc->content[blk] ? "kept" : "dropped");
		add(D, mark_role(k), "  %s (line %d, #%d)", label(d, blk, &b), d->line[blk], blk);
	} else {
		add(D, mark_role(k), "%s: [%c] %s%s", m->algo->name, mark_char(k),
		    dc->content[i] ? "content" : "noise", why[k]);
	}
	/* a dialog's text is never the page's: which dialog, and why; text
	 * for screen readers alone: which class made it so */
	if (k == MARK_SKIP) {
		left_out_by(D, d, i, dom_dialog, "a dialog over the page (", "), not a part of it", &b);
		left_out_by(D, d, i, dom_screen_reader, "text for screen readers alone (class \"",
			    "\"), which the page does not show", &b);
		source_copy(D, d, i, &b);
	}
	/* a permalink's mark is never text: where it points */
	const char *href = k == MARK_SKIP ? dom_permalink(d, i) : NULL;
	if (href)
		add(D, ROLE_SKIP, "it is a permalink (href=\"%s\"): a link whose whole text is "
		    "one mark, never text", href);
	stage_lines(D, m, i);
	if (m->gold_filter && m->disagree[i] & GOLD_EXTRA)
		add(D, ROLE_NOISE, "gold: kept text of it is not in the gold");
	if (m->gold_filter && m->disagree[i] & GOLD_MISSING)
		add(D, ROLE_NOISE, "gold: dropped text of it is in the gold, not extracted");

	/* cc's figures decide for cc; every other method works its own
	 * decision out (the method table) and shows cc's for comparison */
	bool by_rule = m->run.by_rule;
	bool cc = m->algo->figures_decide && !by_rule;
	if ((!cc && !m->algo->text) || by_rule) {
		/* an inline element's text goes with its block: the
		 * block's reason, not the span's own figure */
		if (blk >= 0 && dc->reason[i] != REASON_PINNED)
			add(D, mark_role(k), "reason: %s (its block's)",
			    reason_name((enum reason)dc->reason[blk]));
		else if (none)
			add(D, ROLE_NORMAL, "reason: none of its own (dump's row: %s)",
			    reason_name((enum reason)dc->reason[i]));
		else
			add(D, mark_role(k), "reason: %s", reason_name((enum reason)dc->reason[i]));
	}
	if (m->rule && m->run.rule && m->run.outcome.line_of &&
	    m->run.outcome.line_of[i] > 0) {
		/* which line of the rule file selected it */
		int ln = m->run.outcome.line_of[i];
		const char *dir = "?";
		for (int q = 0; q < m->rule->nlines; q++)
			if (m->rule->lines[q].lineno == ln && m->rule->lines[q].name)
				dir = m->rule->lines[q].name;
		add(D, mark_role(k), "rule %s:%d (%s:) selected it",
		    m->rule->path ? m->rule->path : m->rule->host, ln, dir);
	}
	if (by_rule && m->rule) {
		add(D, ROLE_DIM, "the site rule's body: decides (%s)",
		    m->rule->path ? m->rule->path : m->rule->host);
	} else if (m->algo->explain && m->run.state_of == m->algo) {
		struct explain x = {
			.line = explain_line, .ctx = D, .to = to,
			.le = sym(D, "\xe2\x89\xa4", "<="), .ge = sym(D, "\xe2\x89\xa5", ">="),
			.label = model_label,   /* whole, as the detail's heading */
		};
		m->algo->explain(&m->run, pg, model_decided_params(m), i, &x);
	}
	if (cc && blk >= 0 && dc->reason[i] != REASON_PINNED) {
		/* its own figures decide its own row (dump's), not its text */
		add(D, ROLE_HEADING, "its own cc figures (dump's row: %s); its block decides its text",
		    m->ccdc.content[i] ? "content" : "noise");
		cc = false;
	} else if (!cc) {
		add(D, ROLE_HEADING, "cc figures, for comparison");
	}
	cc_figures(D, m, i, cc, cc ? m->step : 0);
	buf_free(&b);
}

/* Element i's pin, place, source, path, start tag and words. */
static void
element_facts(struct detail *D, const struct tui_model *m, int i)
{
	const struct dom *d = m->d;
	struct buf b;
	buf_init(&b);
	int nchild = 0;
	for (int c = d->first_child[i]; c >= 0; c = d->next_sibling[c])
		nchild++;
	int src = model_pin_source(m, i);
	if (src == i)
		add(D, mark_role(model_mark(m, i)), "pin: pinned %s here (P or X unpins)",
		    m->pins[i] == PIN_IN ? "in" : "out");
	else if (src >= 0)
		add(D, mark_role(model_mark(m, i)), "pin: pinned %s by %s (line %d)",
		    m->pins[src] == PIN_IN ? "in" : "out", label(d, src, &b), d->line[src]);
	else
		add(D, ROLE_DIM, "pin: none (p pins in, x pins out)");

	if (m->last_line[i] > d->line[i])
		add(D, ROLE_NORMAL, "lines %d-%d, depth %d, %d child%s, #%d",
		    d->line[i], m->last_line[i], d->depth[i], nchild,
		    nchild == 1 ? "" : "ren", i);
	else
		add(D, ROLE_NORMAL, "line %d, depth %d, %d child%s, #%d",
		    d->line[i], d->depth[i], nchild, nchild == 1 ? "" : "ren", i);
	/* where its start tag is in the page's bytes (v shows them) */
	size_t s0, s1;
	int sl, sc;
	if (model_source_range(m, i, &s0, &s1, &sl, &sc) == 0)
		add(D, ROLE_NORMAL, "source: bytes %zu-%zu (line %d, column %d); v shows them",
		    s0, s1, sl, sc);
	else
		add(D, ROLE_DIM, "source: no tag of its own (the parser added it)");
	/* a path thousands of steps deep would be cut at DLINE_MAX anyway:
	 * its last steps, which tell the element, in time bounded by them */
	b.len = 0;
	const char *gap = sym(D, "\xe2\x80\xa6", "...");
	int left = dom_xpath_tail(d, i, XPATH_SHOWN, gap, &b);
	if (left)
		add(D, ROLE_NORMAL, "%s (%d step%s left out at %s; y copies it whole)", b.data, left,
		    left == 1 ? "" : "s", gap);
	else
		add(D, ROLE_NORMAL, "%s", b.data);
	/* the start tag as the page has it, every attribute (y and Y
	 * copy an XPath and a selector for it) */
	b.len = 0;
	buf_printf(&b, "<%s", dom_tagname(d, i));
	int a = d->attr_begin[i];
	for (; a < d->attr_begin[i + 1] && b.len < 2000; a++) {
		const char *v = d->pool + d->attrs[a].value;
		size_t vn = strlen(v), vk = utf8_cut(v, vn, 200);
		buf_printf(&b, " %s=\"%.*s%s\"", d->pool + d->attrs[a].name, (int)vk, v,
			   vk < vn ? "~" : "");
	}
	if (a < d->attr_begin[i + 1])    /* say what the cut left out */
		buf_printf(&b, " ~%d more", d->attr_begin[i + 1] - a);
	buf_addc(&b, '>');
	add(D, ROLE_DIM, "%s", b.data);

	/* the element's own words, so it can be recognised */
	b.len = 0;
	for (int x = d->text_begin[i]; x < d->text_end[i] && b.len < 200; x++) {
		if (d->texts[x].flags & (TEXT_SKIP | TEXT_BREAK))
			continue;
		if (b.len)
			buf_addc(&b, ' ');
		text_collapse(dom_text(d, x), d->texts[x].len, &b);
	}
	if (b.len) {
		size_t cut = utf8_cut(b.data, b.len, 240);
		add(D, ROLE_DIM, "text: %.*s%s", (int)cut, b.data, cut < b.len ? "~" : "");
	}
	buf_free(&b);
}

/* The page as loaded (doc/algorithms.md#common: show what was normalised). */
static void
page_section(struct detail *D, const struct tui *t)
{
	const struct tui_model *m = &t->m;
	const struct dom *d = m->d;
	const struct page *pg = m->pg;
	const char *to = sym(D, "\xe2\x86\x92", "->");
	add(D, ROLE_HEADING, "page");
	if (t->site && t->site->n > 1) {
		/* the loaded pages, which } and { move through */
		add(D, ROLE_NORMAL, "%d pages of the site loaded (} and { move through them):",
		    t->site->n);
		for (int k = 0; k < t->site->n; k++) {
			const char *base = strrchr(t->site->v[k], '/');
			add(D, k == t->cur ? ROLE_HIGHLIGHT : ROLE_NORMAL, "  %d %s%s", k + 1,
			    base && base[1] ? base + 1 : t->site->v[k], k == t->cur ? " (shown)" : "");
		}
	}
	add(D, ROLE_NORMAL, "%d elements, %d text nodes, %d source lines, %zu bytes",
	    m->n, d->ntexts, m->nsrc, pg->src.raw_len);
	const struct charset_guess *g = &pg->src.charset;
	add(D, ROLE_NORMAL, "charset %s (%s%s%s%s)%s%s", g->name, charset_how(g),
	    g->declared[0] ? "; the page says \"" : "", g->declared,
	    g->declared[0] ? "\"" : "", g->note[0] ? ": " : "", g->note);
	add(D, ROLE_NORMAL, "loader: %zu character reference%s decoded, %zu presentation form%s "
	    "normalised, %zu invalid sequence%s %s U+FFFD",
	    pg->src.refs_decoded, pg->src.refs_decoded == 1 ? "" : "s",
	    pg->src.forms_normalised, pg->src.forms_normalised == 1 ? "" : "s",
	    pg->src.replacements, pg->src.replacements == 1 ? "" : "s", to);
	if (pg->src.mojibake)
		add(D, ROLE_NORMAL, "double-encoded: %zu character%s repaired (UTF-8 that was "
		    "read as windows-1252 or Latin-1 and encoded again)", pg->src.mojibake,
		    pg->src.mojibake == 1 ? "" : "s");
	meta_section(D, &pg->meta);
}

static void
build(struct detail *D, const struct tui *t, int parts)
{
	const struct tui_model *m = &t->m;
	int i = m->sel;
	if (i >= 0 && parts & DETAIL_ELEMENT) {
		element_decision(D, t, i);
		element_facts(D, m, i);
	}
	if (parts & DETAIL_PAGE)
		page_section(D, t);
}

/* Whether a quote at s[i] opens a literal: after a bracket, a comma, an
 * equals sign or a space (an XPath's concat(' ', ...), [@id='a b']), not
 * after a letter (prose's "the page's"). */
static bool
opens_quote(const char *s, size_t i)
{
	return i == 0 || strchr("([=, ", s[i - 1]) != NULL;
}

/* Wrapped rows of one line: their start offsets in *rows (the caller
 * frees it), continuation rows indented by 2.  A row breaks after the
 * last space that fits outside a quoted literal; with none, before a
 * path's step (never inside the // of an XPath, nor in a literal), then
 * after a comma outside a literal (an XPath function's arguments), then
 * at any space; a word wider than the row is cut where the row ends. */
static int
wrap_line(const char *s, int w, size_t **rows)
{
	size_t n = strlen(s), pos = 0;
	size_t *starts = xreallocarray(NULL, n + 1, sizeof *starts);
	char *quoted = xmalloc(n + 1);
	char q = 0;
	for (size_t i = 0; i < n; i++) {
		if (q && s[i] == q) {
			quoted[i] = 1;
			q = 0;
		} else if (!q && (s[i] == '\'' || s[i] == '"') && opens_quote(s, i)) {
			quoted[i] = 1;
			q = s[i];
		} else {
			quoted[i] = q != 0;
		}
	}
	int k = 0;
	while (pos < n) {
		starts[k++] = pos;
		int avail = k == 1 ? w : w - 2;
		size_t fit = text_fit(s + pos, n - pos, avail, NULL);
		if (pos + fit >= n)
			break;
		size_t brk = 0;
		for (size_t j = fit; j > 0 && !brk; j--)
			if (s[pos + j - 1] == ' ' && !quoted[pos + j - 1])
				brk = j;
		for (size_t j = fit; j > 1 && !brk; j--)
			if (s[pos + j] == '/' && s[pos + j - 1] != '/' && !quoted[pos + j])
				brk = j;
		for (size_t j = fit; j > 0 && !brk; j--)
			if (s[pos + j - 1] == ',' && !quoted[pos + j - 1])
				brk = j;
		for (size_t j = fit; j > 0 && !brk; j--)
			if (s[pos + j - 1] == ' ')
				brk = j;
		if (brk == 0)
			brk = fit ? fit : 1;
		pos += brk;
	}
	if (k == 0)
		starts[k++] = 0;
	free(quoted);
	*rows = starts;
	return k;
}

static void
render(struct tui *t, struct rect r, struct detail *D, bool draw, int *total)
{
	int w = r.w - 1, row = 0, h = r.h - 1;
	for (int k = 0; k < D->n; k++) {
		size_t *starts;
		int nr = wrap_line(D->l[k].text, w, &starts);
		size_t len = strlen(D->l[k].text);
		for (int j = 0; j < nr; j++, row++) {
			int y = row - t->detail.sc.top;
			if (!draw || y < 0 || y >= h)
				continue;
			size_t e = j + 1 < nr ? starts[j + 1] : len;
			int ind = j ? 3 : 1;
			scr_text(r.y + 1 + y, r.x + ind, w - ind + 1, D->l[k].text + starts[j],
				 e - starts[j], D->l[k].role);
		}
		free(starts);
	}
	*total = row;
}

void
detail_lines(const struct tui *t, int parts, bool utf8,
	     void (*line)(void *ctx, int role, const char *text), void *ctx)
{
	struct detail D = { .utf8 = utf8 };
	build(&D, t, parts);
	for (int k = 0; k < D.n; k++)
		line(ctx, D.l[k].role, D.l[k].text);
	detail_free(&D);
}

/* A line of detail_lines, kept to be wrapped and drawn. */
static void
keep_line(void *ctx, int role, const char *text)
{
	push(ctx, role)->text = xstrdup(text);
}

static void
detail_draw(struct tui *t, struct rect r, bool focused)
{
	struct detail D = { 0 };
	struct detail_state *st = &t->detail;
	if (st->sel != t->m.sel) {
		st->sel = t->m.sel;
		st->sc.top = 0;
	}
	/* the same lines the report writes */
	detail_lines(t, DETAIL_ELEMENT | DETAIL_PAGE, screen_utf8(), keep_line, &D);
	int title = focused ? ROLE_TITLE_FOCUS : ROLE_TITLE;
	scr_fill(r.y, r.x, r.w, title);
	int total;
	render(t, r, &D, false, &total);
	int h = r.h - 1;
	scroll_clamp(&st->sc, total, h);
	scr_printf(r.y, r.x, r.w, title, " detail%s", total > h ?
		   (st->sc.top + h < total ? "  (more below: j)" : "  (k: back up)") : "");
	render(t, r, &D, true, &total);
	detail_free(&D);
}

static bool
detail_act(struct tui *t, struct rect r, enum action a)
{
	return scroll_act(&t->detail.sc, a, r.h - 1);   /* draw clamps */
}

static void
detail_click(struct tui *t, struct rect r, int y, int x, int button)
{
	scroll_wheel(&t->detail.sc, button);
}

const struct view_ops view_detail = {
	.name = "detail",
	.draw = detail_draw,
	.act = detail_act,
	.click = detail_click,
};

/* model.c - the inspector's state without curses: its set-up, the
 * recompute every change ends in (decide, extract, mark the text pane,
 * highlight), the tree's rows, folds and selection, and what an element
 * or a line of text stands for.  The changes themselves are in
 * model-edit.c, the search in model-search.c, the gold comparison in
 * model-gold.c, the labels in model-label.c. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "tui/model-int.h"
#include "script.h"
#include "source.h"
#include "rules/rules.h"

/* ---- set-up ---- */

/* An element's source lines run from its start tag to the last line any
 * text or element inside it starts or runs on (end tags are not kept). */
static void
compute_lines(struct tui_model *m)
{
	const struct dom *d = m->d;
	int n = m->n;
	m->last_line = run_last_lines(d);
	/* inline elements: their text nodes' block is an ancestor of theirs */
	m->inline_of = xmalloc(((size_t)n + 1) * sizeof *m->inline_of);
	for (int i = 0; i < n; i++) {
		m->inline_of[i] = -1;
		for (int t = d->text_begin[i]; t < d->text_end[i]; t++) {
			if (d->texts[t].flags & TEXT_SKIP)
				continue;
			int b = d->texts[t].block;
			if (b == i || dom_contains(d, i, b)) {
				m->inline_of[i] = -1;
				break;
			}
			if (m->inline_of[i] < 0)
				m->inline_of[i] = b;
		}
	}
	int maxl = 1;
	for (int i = 0; i < n; i++)
		if (m->last_line[i] > maxl)
			maxl = m->last_line[i];
	/* Source lines of the whole text bound every line number lb reports. */
	int srcl = 1;
	for (const char *s = m->pg->src.text, *e = s + m->pg->src.len;
	     (s = memchr(s, '\n', (size_t)(e - s))) != NULL; s++)
		srcl++;
	m->nsrc = maxl > srcl ? maxl : srcl;

	/* For each line: the first element starting on it that holds text of
	 * its own (a paragraph rather than its container), else the first
	 * element starting on it, else the innermost element still open. */
	m->line_elem = xmalloc(((size_t)m->nsrc + 2) * sizeof(int));
	for (int s = 0; s <= m->nsrc + 1; s++)
		m->line_elem[s] = -1;
	for (int i = 0; i < n; i++) {
		int l = d->line[i];
		if (l < 1 || l > m->nsrc)
			continue;
		int cur = m->line_elem[l];
		if (cur < 0 || (m->pg->m->own[cur] == 0 && m->pg->m->own[i] > 0))
			m->line_elem[l] = i;
	}
	int cur = n > 0 ? 0 : -1;
	for (int s = 1; s <= m->nsrc; s++) {
		if (m->line_elem[s] >= 0) {
			cur = m->line_elem[s];
			continue;
		}
		while (cur > 0 && m->last_line[cur] < s)
			cur = d->parent[cur];
		m->line_elem[s] = cur;
	}
}

/* Boilerplate nobody reads first: the head, scripts, styles, SVG. */
static void
initial_folds(struct tui_model *m)
{
	const struct dom *d = m->d;
	for (int i = 0; i < m->n; i++) {
		if (d->first_child[i] < 0)
			continue;
		const char *t = dom_tagname(d, i);
		if ((d->flags[i] & DOM_SKIP) || !strcmp(t, "svg") || !strcmp(t, "select"))
			m->folded[i] = 1;
	}
}

void
model_init(struct tui_model *m, struct page *pg, const struct method *a,
	   const struct params *p, const void *const *sites, const char *gold,
	   size_t goldlen)
{
	memset(m, 0, sizeof *m);
	m->pg = pg;
	m->sites = sites;
	run_init(&m->run);
	m->d = pg->dom;
	m->n = pg->dom->n;
	/* every key extracts the page again: its text nodes collapsed once */
	extract_prepare(pg->dom);
	m->algo = a;
	m->params = *p;
	m->param = model_method_param(m, 0);
	m->pins = xcalloc((size_t)m->n + 1, 1);
	m->pin_src = xmalloc(((size_t)m->n + 1) * sizeof *m->pin_src);
	for (int i = 0; i < m->n; i++)
		m->pin_src[i] = -1;
	m->folded = xcalloc((size_t)m->n + 1, 1);
	m->src = xcalloc(1, sizeof *m->src);
	m->rows = xcalloc((size_t)m->n + 1, sizeof(int));
	m->spans = xcalloc((size_t)m->d->ntexts + 1, sizeof *m->spans);
	for (int i = 0; i < m->n; i++)
		if (m->d->depth[i] > m->maxdepth)
			m->maxdepth = m->d->depth[i];
	buf_init(&m->out);
	buf_init(&m->shown);
	buf_init(&m->prev);
	decision_init(&m->ccdc, m->n);
	page_lineblock(pg, &m->params);
	compute_lines(m);
	if (gold)
	{
		m->gold = charbag_new(gold, goldlen);
		m->gold_sh = shingles_new(gold, goldlen);
		m->gold_text = xstrndup(gold, goldlen);
		m->gold_len = goldlen;
	}
	m->script = script_unicode_dominant(m->d);
	initial_folds(m);
	m->sel = m->n > 0 ? 0 : -1;
	model_recompute(m);

	/* Open where the content is: cc's content region, lb's first
	 * selected region, else the body. */
	int start = m->d->body >= 0 ? m->d->body : m->sel;
	if (m->run.by_lines) {
		for (int r = 0; r < pg->lb->nregions; r++) {
			if (!pg->lb->regions[r].selected)
				continue;
			int f, l;
			lineblock_region_lines(pg->lb, &pg->lb->regions[r], &f, &l);
			int e = model_elem_at_line(m, pg->lb->src_line[f - 1]);
			if (e >= 0)
				start = e;
			break;
		}
	} else if (m->dc->region >= 0) {
		start = m->dc->region;
	} else if (m->ccdc.region >= 0) {
		start = m->ccdc.region;
	}
	model_rebuild_rows(m);
	if (start >= 0)
		model_select(m, start);
}

void
model_free(struct tui_model *m)
{
	free(m->pins);
	free(m->pin_src);
	free(m->cc_over);
	free(m->folded);
	free(m->rows);
	free(m->spans);
	free(m->last_line);
	free(m->inline_of);
	free(m->changed);
	free(m->next_content);
	if (m->src) {
		free(m->src->off);
		free(m->src->next);
	}
	free(m->src);
	free(m->line_elem);
	free(m->runs);
	free(m->shown_line_src);
	free(m->own_first);
	free(m->own_next);
	free(m->undo);
	buf_free(&m->out);
	buf_free(&m->shown);
	buf_free(&m->prev);
	decision_free(&m->ccdc);
	run_free(&m->run);
	charbag_free(m->gold);
	shingles_free(m->gold_sh);
	free(m->gold_text);
	free(m->kept_before);
	free(m->miss);
	free(m->disagree);
	free(m->xmatch);
	free(m->row_keep);
	memset(m, 0, sizeof *m);
}

/* ---- deciding and extracting ---- */

void
model_add_run(struct tui_model *m, size_t start, size_t end, uint8_t flags)
{
	if (!flags || end <= start)
		return;
	if (m->nruns > 0) {
		struct text_run *r = &m->runs[m->nruns - 1];
		if (r->flags == flags && r->end + 2 >= start) {
			r->end = end;
			return;
		}
	}
	if (m->nruns == m->runs_cap) {
		m->runs_cap = m->runs_cap ? m->runs_cap * 2 : 64;
		m->runs = xreallocarray(m->runs, (size_t)m->runs_cap, sizeof *m->runs);
	}
	m->runs[m->nruns++] = (struct text_run){ start, end, flags };
}

/* A DOM method's text: out is the run's, shown the same with each text
 * node's span (or every text node, the dropped ones greyed). */
static void
text_dom(struct tui_model *m)
{
	const struct dom *d = m->d;
	const struct run *r = &m->run;
	const struct decision *dc = &r->dc;
	uint8_t *drop = NULL;
	if (m->marking && !m->show_dropped && !m->gold_view) {
		/* the text now, and what the last change took out of it, in
		 * place (not in the gold view, which compares the text as it
		 * is) */
		drop = xmalloc((size_t)d->ntexts + 1);
		bool any = false;
		for (int t = 0; t < d->ntexts; t++) {
			bool now = model_text_kept(m, t);
			drop[t] = !now && !m->kept_before[t];
			any |= !now && m->kept_before[t];
		}
		if (!any) {
			free(drop);
			drop = NULL;
		}
	}
	if (drop) {
		uint8_t *ones = xmalloc((size_t)m->n + 1);
		memset(ones, 1, (size_t)m->n + 1);
		extract_text_drop(d, ones, NULL, drop, &m->shown, m->spans);
		free(ones);
		free(drop);
	} else if (!m->show_dropped) {
		/* one extraction serves both: the text shown is the method's */
		buf_add(&m->shown, m->out.data, m->out.len);
	} else {
		uint8_t *ones = xmalloc((size_t)m->n + 1);
		memset(ones, 1, (size_t)m->n + 1);
		extract_text_spans(d, ones, &m->shown, m->spans);
		free(ones);
	}
	for (int t = 0; t < d->ntexts; t++) {
		const struct extract_span *s = &m->spans[t];
		if (s->end <= s->start)
			continue;
		int b = d->texts[t].block, e = d->texts[t].elem;
		bool kept = r->masked && r->mask[e] ? r->mask[e] == 1 : dc->content[b];
		uint8_t f = 0;
		if (m->marking && kept != (m->kept_before[t] != 0)) {
			f = kept ? RUN_CAME : RUN_WENT;
			/* characters not white space, as the status line counts */
			size_t c = utf8_count_chars(dom_text(d, t), d->texts[t].len);
			if (kept)
				m->came += c;
			else
				m->went += c;
		} else if (!kept) {
			f = RUN_DROPPED;
		} else if (dc->reason[e] == REASON_PINNED || dc->reason[b] == REASON_PINNED) {
			f = RUN_PINNED;
		}
		model_add_run(m, s->start, s->end, f);
	}
}

static void
shown_line(struct tui_model *m, int src)
{
	if (m->nshown_lines == m->shown_lines_cap) {
		m->shown_lines_cap = m->shown_lines_cap ? m->shown_lines_cap * 2 : 256;
		m->shown_line_src = xreallocarray(m->shown_line_src,
			(size_t)m->shown_lines_cap, sizeof(int));
	}
	m->shown_line_src[m->nshown_lines++] = src;
}

/* The text pane's line j of lb's text (text_lines). */
static void
shown_lb_line(void *ctx, int j, const char *s, size_t len, bool brk)
{
	struct tui_model *m = ctx;
	const uint8_t *keep = m->run.line_keep;
	if (brk && !m->show_dropped) {
		buf_addc(&m->shown, '\n');
		shown_line(m, 0);
	}
	size_t start = m->shown.len;
	buf_add(&m->shown, s, len);
	buf_addc(&m->shown, '\n');
	shown_line(m, m->pg->lb->src_line[j]);
	model_add_run(m, start, m->shown.len - 1,
		!keep[j] ? RUN_DROPPED : keep[j] == 2 ? RUN_PINNED : 0);
}

/* A text kept line by line (lb): each shown line keeps its source line;
 * which lines the method and the pins kept is the run's. */
static void
text_lines(struct tui_model *m)
{
	m->nshown_lines = 0;
	lineblock_each_line(m->pg->lb, m->run.line_keep, m->run.line_group, m->run.nlines,
			    m->show_dropped, shown_lb_line, m);
}

/* The selected element's text in the text pane, as one byte range: the
 * extraction is in document order, so its part is contiguous. */
static void
highlight(struct tui_model *m)
{
	m->hl_start = m->hl_end = 0;
	int i = m->sel;
	if (i < 0)
		return;
	const struct dom *d = m->d;
	bool found = false;
	if (!m->run.by_lines) {
		for (int t = d->text_begin[i]; t < d->text_end[i]; t++) {
			const struct extract_span *s = &m->spans[t];
			if (s->end <= s->start)
				continue;
			if (!found)
				m->hl_start = s->start;
			m->hl_end = s->end;
			found = true;
		}
		return;
	}
	size_t off = 0;
	for (int k = 0; k < m->nshown_lines; k++) {
		const char *nl = memchr(m->shown.data + off, '\n', m->shown.len - off);
		size_t e = nl ? (size_t)(nl - m->shown.data) : m->shown.len;
		int s = m->shown_line_src[k];
		if (s >= d->line[i] && s <= m->last_line[i] && s > 0) {
			if (!found)
				m->hl_start = off;
			m->hl_end = e;
			found = true;
		}
		off = e + 1;
	}
}

/* The parameters that stop m's method after stage k (1-based). */
static void
stage_limit(const struct method *a, int k, struct params *p)
{
	a->steps[(k < a->nsteps ? k : a->nsteps) - 1].limit(p, k);
}

/* The run of method a stopped after stage k (p its parameters whole; in
 * the run's other inputs; no text spans). */
static void
run_stage(const struct method *a, const struct params *p, const struct run_input *in,
	  struct page *pg, int k, struct run *r)
{
	struct params limited = *p;
	stage_limit(a, k, &limited);
	struct run_input sin = *in;
	sin.params = &limited;
	sin.spans = NULL;
	run_page(r, pg, &sin);
}

/* Stage k's name, from the run decided as of it, into out. */
static void
stage_name(const struct method *a, const struct run *r, struct page *pg, int k, char *out,
	   size_t n)
{
	struct buf nb;
	buf_init(&nb);
	if (a->stages)
		a->stages(r->state_of == a ? r->state : NULL, pg, k, &nb);
	else
		buf_adds(&nb, a->steps[k - 1].name);
	snprintf(out, n, "%s", nb.data ? nb.data : "");
	buf_free(&nb);
}

void
model_recompute(struct tui_model *m)
{
	struct page *pg = m->pg;
	m->gen++;
	/* cc stays decided whichever method is shown: the tree's CS column
	 * and the detail's cc figures; decided again only when its
	 * parameters or the pins changed. */
	const struct params *p = &m->params, *c = &m->cc_params;
	if (!m->decided || m->cc_pins != m->pins_version || c->cc_C != p->cc_C ||
	    c->cc_S != p->cc_S || c->cc_D != p->cc_D || c->cc_outliers != p->cc_outliers) {
		decide_cc(m->d, pg->m, p, m->pins, &m->ccdc);
		/* what the detail says of every element, counted once (a
		 * report asks it of each of a group of thousands) */
		const struct metrics *mt = pg->m;
		if (!m->cc_over)
			m->cc_over = xmalloc(((size_t)mt->ngroups + 1) * sizeof *m->cc_over);
		memset(m->cc_over, 0, ((size_t)mt->ngroups + 1) * sizeof *m->cc_over);
		m->cc_any = false;
		for (int i = 0; i < m->n; i++) {
			m->cc_over[mt->group[i]] += mt->CC[i] > p->cc_C;
			m->cc_any = m->cc_any || m->ccdc.content[i];
		}
		m->cc_params = *p;
		m->cc_pins = m->pins_version;
	}
	m->decided = true;
	if (m->pin_src_pins != m->pins_version + 1) {
		/* one pass, a parent before its children: every element's
		 * pin found without walking its ancestors (a report asks
		 * for all of them) */
		for (int i = 0; i < m->n; i++)
			m->pin_src[i] = m->pins[i] ? i : m->d->parent[i] >= 0 ?
					m->pin_src[m->d->parent[i]] : -1;
		m->pin_src_pins = m->pins_version + 1;
	}

	/* keep the old text to tell whether the pane must wrap it again */
	struct buf t = m->prev;
	m->prev = m->shown;
	m->shown = t;
	m->out.len = 0;
	m->shown.len = 0;
	m->nruns = 0;
	m->nshown_lines = 0;
	m->came = m->went = 0;
	/* the step mode: the method stopped after a stage, and what that
	 * stage changed against the one before (decided first, so that what
	 * the page keeps of the method, lb's regions, is the stage's) */
	m->staged = *p;
	if (m->step > m->nstages && m->nstages > 0)
		m->step = m->nstages;   /* a parameter took the page's stages away */
	if (m->step > 0 && m->algo->nsteps)
		stage_limit(m->algo, m->step, &m->staged);
	else
		m->step = 0;
	struct run_input in = {
		.method = m->algo, .params = m->step ? &m->staged : p, .index = 0, .pins = m->pins,
		.site = m->sites ? m->sites[method_index(m->algo)] : NULL,
		.rule = m->rule, .spans = m->spans, .ftr_only = m->ftr_only && m->rule,
	};
	struct run prev;
	run_init(&prev);
	if (m->step > 1)
		run_stage(m->algo, p, &in, pg, m->step - 1, &prev);
	/* the one path every front-end takes (run.h) */
	run_page(&m->run, pg, &in);
	m->dc = &m->run.dc;
	m->nchanged = 0;
	const void *state = m->run.state_of == m->algo ? m->run.state : NULL;
	m->nstages = m->algo->stages ? m->algo->stages(state, pg, 0, NULL) : m->algo->nsteps;
	if (m->step > m->nstages)
		m->step = m->nstages;   /* the page's last stage: the whole method */
	/* and what the next stage makes of each element (the detail says) */
	m->next_name[0] = '\0';
	if (m->step > 0 && m->step < m->nstages) {
		struct run next;
		run_init(&next);
		run_stage(m->algo, p, &in, pg, m->step + 1, &next);
		if (!m->next_content)
			m->next_content = xcalloc((size_t)m->n + 1, 1);
		memcpy(m->next_content, next.dc.content, (size_t)m->n);
		stage_name(m->algo, &next, pg, m->step + 1, m->next_name, sizeof m->next_name);
		run_free(&next);
		/* the page's line blocks back to this stage's regions */
		page_lineblock(pg, in.params);
	}
	m->stage_name[0] = '\0';
	if (m->step) {
		if (!m->changed)
			m->changed = xcalloc((size_t)m->n + 1, 1);
		for (int i = 0; i < m->n; i++) {
			/* stage 1 against nothing kept */
			uint8_t was = m->step > 1 ? prev.dc.content[i] : 0;
			m->changed[i] = was != m->run.dc.content[i] && !(m->d->flags[i] & DOM_SKIP);
			m->nchanged += m->changed[i];
		}
		stage_name(m->algo, &m->run, pg, m->step, m->stage_name, sizeof m->stage_name);
	}
	run_free(&prev);
	buf_add(&m->out, m->run.text.data, m->run.text.len);
	if (m->run.by_lines)
		text_lines(m);
	else
		text_dom(m);
	m->nmiss = 0;
	if (m->gold_view && m->gold_text)
		model_gold_marks(m);
	if (!m->shown.data)
		buf_adds(&m->shown, "");
	if (!m->out.data)
		buf_adds(&m->out, "");
	if (m->shown.len != m->prev.len ||
	    (m->shown.len && memcmp(m->shown.data, m->prev.data, m->shown.len)))
		m->text_gen++;
	m->chars = utf8_count_chars(m->out.data, m->out.len);
	if (m->gold) {
		m->prf = shingles_score(m->gold_sh, m->out.data, m->out.len);
		m->prf_chars = charbag_score(m->gold, m->out.data, m->out.len);
	}
	if (m->gold_filter && m->gold_text) {
		model_gold_disagree(m);
		model_rebuild_rows(m);
	}
	highlight(m);
}

void
model_set_show_dropped(struct tui_model *m, bool on)
{
	if (m->show_dropped == on)
		return;
	m->show_dropped = on;
	model_recompute(m);
}

void
model_set_rule(struct tui_model *m, const struct rule *r, bool keep_algo)
{
	m->rule = r;
	if (r) {
		/* the rule's pith_algo and pith_set, as pith extract applies them */
		rule_settings(r, keep_algo, &m->algo, &m->params);
		m->param = model_method_param(m, 0);
	}
	model_recompute(m);
}

/* ---- rows, folding, selection ---- */

/* The gold filter's rows: the elements that disagree, every ancestor of
 * one and of the selection (the tree's shape and a way back up), and the
 * selection itself; folds still hide what is below them. */
static void
rebuild_filtered(struct tui_model *m)
{
	const struct dom *d = m->d;
	uint8_t *keep = m->row_keep;
	memset(keep, 0, (size_t)m->n + 1);
	for (int i = 0; i < m->n; i++)
		if (m->disagree[i])
			for (int a = i; a >= 0 && !keep[a]; a = d->parent[a])
				keep[a] = 1;
	for (int a = m->sel; a >= 0 && !keep[a]; a = d->parent[a])
		keep[a] = 1;
	int k = 0;
	for (int i = 0; i < m->n; ) {
		if (!keep[i]) {
			i = d->end[i];     /* nothing below it is kept either */
			continue;
		}
		m->rows[k++] = i;
		i = m->folded[i] ? d->end[i] : i + 1;
	}
	m->nrows = k;
}

void
model_rebuild_rows(struct tui_model *m)
{
	if (m->gold_filter && m->disagree) {
		if (!m->row_keep)
			m->row_keep = xcalloc((size_t)m->n + 1, 1);
		rebuild_filtered(m);
		return;
	}
	int k = 0;
	for (int i = 0; i < m->n; ) {
		m->rows[k++] = i;
		i = m->folded[i] ? m->d->end[i] : i + 1;
	}
	m->nrows = k;
}

int
model_row_of(const struct tui_model *m, int i)
{
	int lo = 0, hi = m->nrows - 1;
	while (lo <= hi) {
		int mid = (lo + hi) / 2;
		if (m->rows[mid] == i)
			return mid;
		if (m->rows[mid] < i)
			lo = mid + 1;
		else
			hi = mid - 1;
	}
	return -1;
}

void
model_select(struct tui_model *m, int i)
{
	if (i < 0 || i >= m->n)
		return;
	bool changed = false;
	for (int a = m->d->parent[i]; a >= 0; a = m->d->parent[a])
		if (m->folded[a]) {
			m->folded[a] = 0;
			changed = true;
		}
	m->sel = i;
	/* the filtered rows hold the selection wherever it goes */
	if (changed || m->gold_filter)
		model_rebuild_rows(m);
	highlight(m);
}

void
model_peek(struct tui_model *m, int i)
{
	if (i < -1 || i >= m->n)
		return;
	m->sel = i;
	highlight(m);
}

bool
model_has_children(const struct tui_model *m, int i)
{
	return i >= 0 && i < m->n && m->d->first_child[i] >= 0;
}

void
model_set_fold(struct tui_model *m, int i, bool folded)
{
	if (!model_has_children(m, i) || m->folded[i] == folded)
		return;
	m->folded[i] = folded;
	model_rebuild_rows(m);
}

void
model_toggle_fold(struct tui_model *m, int i)
{
	if (model_has_children(m, i))
		model_set_fold(m, i, !m->folded[i]);
}

void
model_fold_below(struct tui_model *m, int i)
{
	if (i < 0)
		return;
	for (int j = i + 1; j < m->d->end[i]; j++)
		if (model_has_children(m, j))
			m->folded[j] = 1;
	m->folded[i] = 0;
	model_rebuild_rows(m);
}

void
model_unfold_all(struct tui_model *m)
{
	memset(m->folded, 0, (size_t)m->n);
	model_rebuild_rows(m);
}

bool
model_set_ftr_only(struct tui_model *m, bool on)
{
	if (!m->rule)
		return false;
	m->ftr_only = on;
	model_recompute(m);
	return true;
}

const struct params *
model_decided_params(const struct tui_model *m)
{
	return m->step ? &m->staged : &m->params;
}

int
model_next_step(struct tui_model *m)
{
	m->step = m->step < m->nstages ? m->step + 1 : 0;
	model_recompute(m);
	return m->step;
}

int
model_next_kept(const struct tui_model *m, int dir)
{
	const struct dom *d = m->d;
	for (int i = m->sel + dir; i >= 0 && i < m->n; i += dir) {
		if (m->pins[i])
			return i;
		if (m->inline_of[i] >= 0)
			continue;
		for (int t = d->text_begin[i]; t < d->text_end[i]; t++)
			if (d->texts[t].block == i && !(d->texts[t].flags & (TEXT_SKIP | TEXT_BREAK)) &&
			    d->texts[t].len && model_text_kept(m, t))
				return i;
	}
	return -1;
}

bool
model_text_kept(const struct tui_model *m, int t)
{
	const struct dom_text *x = &m->d->texts[t];
	const struct run *r = &m->run;
	if (x->flags & TEXT_SKIP)
		return false;
	if (r->by_lines) {
		/* lb: the element the text starts in, on a kept line */
		return m->dc->content[x->elem];
	}
	return r->masked && r->mask[x->elem] ? r->mask[x->elem] == 1 : m->dc->content[x->block];
}

void
model_blocks_inside(const struct tui_model *m, int i, int *kept, int *total)
{
	const struct dom *d = m->d;
	*kept = *total = 0;
	int last = -1;
	for (int t = d->text_begin[i]; t < d->text_end[i]; t++) {
		const struct dom_text *x = &d->texts[t];
		if ((x->flags & (TEXT_SKIP | TEXT_BREAK)) || x->block == last || x->block == i)
			continue;
		last = x->block;
		(*total)++;
		*kept += model_text_kept(m, t);
	}
}

enum mark
model_mark(const struct tui_model *m, int i)
{
	const struct decision *dc = m->dc;
	if (dc->reason[i] != REASON_PINNED && m->inline_of[i] >= 0 && !m->run.by_lines)
		i = m->inline_of[i];     /* its text is kept or dropped with its block */
	if (dc->reason[i] == REASON_PINNED)
		return dc->content[i] ? MARK_PIN_IN : MARK_PIN_OUT;
	if (m->d->flags[i] & DOM_SKIP)
		return MARK_SKIP;
	if (!m->algo->figures_decide)  /* smoothing and outliers are cc's */
		return dc->content[i] ? MARK_CONTENT : MARK_NOISE;
	switch (dc->reason[i]) {
	case REASON_CC: return MARK_CONTENT;
	case REASON_SMOOTH: return MARK_SMOOTH;
	case REASON_OUTLIER: return MARK_OUTLIER;
	default: return dc->content[i] ? MARK_CONTENT : MARK_NOISE;
	}
}

int
model_pin_source(const struct tui_model *m, int i)
{
	return i >= 0 && i < m->n ? m->pin_src[i] : -1;
}

/* ---- lines ---- */

int
model_elem_at_line(const struct tui_model *m, int s)
{
	if (m->n == 0)
		return -1;
	if (s < 1)
		s = 1;
	if (s > m->nsrc)
		s = m->nsrc;
	return m->line_elem[s];
}

int
model_ctext_lines(const struct tui_model *m, int i, int *a, int *b)
{
	if (i < 0)
		return 0;
	return lineblock_ctext_lines(m->pg->lb, m->d->line[i], m->last_line[i], a, b);
}

/* ---- the text pane ---- */

int
model_elem_at_text(const struct tui_model *m, size_t off)
{
	const struct dom *d = m->d;
	if (m->nmiss && off >= m->missing_at) {
		/* a missing passage: the element that holds it */
		int k = 0;
		while (k + 1 < m->nmiss && m->miss[k + 1].off <= off)
			k++;
		return m->miss[k].elem;
	}
	if (!m->run.by_lines) {
		for (int t = 0; t < d->ntexts; t++) {
			const struct extract_span *s = &m->spans[t];
			if (s->end > s->start && off >= s->start && off <= s->end)
				return d->texts[t].block;
		}
		return -1;
	}
	size_t pos = 0;
	for (int k = 0; k < m->nshown_lines; k++) {
		const char *nl = memchr(m->shown.data + pos, '\n', m->shown.len - pos);
		size_t e = nl ? (size_t)(nl - m->shown.data) : m->shown.len;
		if (off <= e)
			return m->shown_line_src[k] > 0 ?
				model_elem_at_line(m, m->shown_line_src[k]) : -1;
		pos = e + 1;
	}
	return -1;
}

/* ---- rules ---- */


int
model_source_range(const struct tui_model *m, int i, size_t *start, size_t *end, int *line,
		   int *col)
{
	const struct dom *d = m->d;
	const char *s = m->pg->src.text;
	size_t n = m->pg->src.len;
	if (!s || i < 0 || i >= d->n)
		return -1;
	struct model_source *ms = m->src;
	if (!ms->off) {
		/* every element's place at once, in one pass over the page:
		 * one at a time, an element's and what follows it go back and
		 * forth, and a page of one long line is walked again each time */
		ms->off = xmalloc(((size_t)d->n + 1) * sizeof *ms->off);
		ms->next = xmalloc(((size_t)d->n + 1) * sizeof *ms->next);
		ms->walked = source_offsets(s, n, d->line, d->col, d->n, d->closed_at,
					    d->closed_selects, ms->off);
		ms->next[d->n] = d->n;
		for (int j = d->n - 1; j >= 0; j--)
			ms->next[j] = ms->off[j] < n && s[ms->off[j]] == '<' ? j : ms->next[j + 1];
	}
	size_t at = ms->off[i];
	const char *tag = dom_tagname(d, i);
	size_t tl = strlen(tag);
	if (at + 1 + tl > n || s[at] != '<' || strncasecmp(s + at + 1, tag, tl))
		return -1;
	/* what follows the element in the tree: the first element after
	 * its subtree with a tag of its own past it */
	size_t next = n;
	for (int j = ms->next[d->end[i]]; j < d->n; j = ms->next[j + 1]) {
		if (ms->off[j] > at) {
			next = ms->off[j];
			break;
		}
	}
	*start = at;
	*end = source_element_end(s, n, at, next, tag);
	*line = d->line[i];
	*col = d->col[i];
	return 0;
}

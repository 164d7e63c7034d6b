/* model-gold.c - the inspector's comparison with a gold text (--gold, c):
 * the gold view (the extracted lines the gold lacks marked, then the
 * gold's passages the extraction lacks, each with the element that holds
 * it) and the gold filter (the elements whose decision the gold
 * disputes).  No curses; the state is model.h's. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "tui/model-int.h"

struct gold_ctx {
	struct tui_model *m;
	struct buf *blocks;      /* per element: its blocks' own collapsed text */
};

static void
mark_extra(void *ctx, const char *line, size_t n, size_t off)
{
	struct tui_model *m = ((struct gold_ctx *)ctx)->m;
	(void)line, (void)n;
	const char *nl = memchr(m->shown.data + off, '\n', m->shown.len - off);
	size_t e = nl ? (size_t)(nl - m->shown.data) : m->shown.len;
	model_add_run(m, off, e, RUN_EXTRA);
}

/* The block whose text holds the passage's start (or, for a passage
 * longer than the block, all of the block's text), both without white
 * space. */
static int
holder(struct gold_ctx *g, const char *line, size_t n)
{
	const struct dom *d = g->m->d;
	struct buf flat;
	buf_init(&flat);
	text_blind(line, n, &flat);
	buf_adds(&flat, "");
	char key[128];
	size_t k = flat.len < 60 ? flat.len : 60;
	while (k > 0 && k < flat.len && ((unsigned char)flat.data[k] & 0xC0) == 0x80)
		k--;
	memcpy(key, flat.data, k);
	key[k] = '\0';
	int found = -1;
	for (int b = 0; b < d->n && found < 0; b++) {
		const struct buf *t = &g->blocks[b];
		if (t->len && (strstr(t->data, key) || (t->len >= 20 && strstr(flat.data, t->data))))
			found = b;
	}
	buf_free(&flat);
	return found;
}

static void
add_missing(void *ctx, const char *line, size_t n, size_t off)
{
	struct gold_ctx *g = ctx;
	struct tui_model *m = g->m;
	(void)off;
	if (m->nmiss == m->miss_cap) {
		m->miss_cap = m->miss_cap ? 2 * m->miss_cap : 16;
		m->miss = xreallocarray(m->miss, (size_t)m->miss_cap, sizeof *m->miss);
	}
	size_t start = m->shown.len;
	m->miss[m->nmiss].off = start;
	m->miss[m->nmiss++].elem = holder(g, line, n);
	buf_add(&m->shown, line, n);
	buf_addc(&m->shown, '\n');
	model_add_run(m, start, m->shown.len - 1, RUN_MISSING);
}

/* Mark what the gold lacks, then list what the extraction lacks. */
void
model_gold_marks(struct tui_model *m)
{
	const struct dom *d = m->d;
	struct gold_ctx g = { .m = m };
	m->nruns = 0;
	m->nmiss = 0;
	score_missing(m->shown.data, m->shown.len, m->gold_text, m->gold_len, mark_extra, &g);
	g.blocks = xcalloc((size_t)d->n + 1, sizeof *g.blocks);
	for (int t = 0; t < d->ntexts; t++) {
		const struct dom_text *x = &d->texts[t];
		if (x->flags & (TEXT_SKIP | TEXT_BREAK))
			continue;
		text_blind(dom_text(d, t), x->len, &g.blocks[x->block]);
	}
	for (int b = 0; b < d->n; b++)
		if (g.blocks[b].len)
			buf_adds(&g.blocks[b], "");
	if (m->shown.len && m->shown.data[m->shown.len - 1] != '\n')
		buf_addc(&m->shown, '\n');
	buf_adds(&m->shown, "\n" GOLD_HEADING "\n");
	m->missing_at = m->shown.len;
	score_missing(m->gold_text, m->gold_len, m->out.data, m->out.len, add_missing, &g);
	if (!m->nmiss)
		buf_adds(&m->shown, "(nothing)\n");
	for (int b = 0; b < d->n; b++)
		buf_free(&g.blocks[b]);
	free(g.blocks);
}

void
model_set_gold(struct tui_model *m, const char *gold, size_t goldlen)
{
	charbag_free(m->gold);
	shingles_free(m->gold_sh);
	free(m->gold_text);
	m->gold = charbag_new(gold, goldlen);
	m->gold_sh = shingles_new(gold, goldlen);
	m->gold_text = xstrndup(gold, goldlen);
	m->gold_len = goldlen;
	model_recompute(m);
}

bool
model_set_gold_view(struct tui_model *m, bool on)
{
	if (!m->gold_text)
		return false;
	m->gold_view = on;
	model_recompute(m);
	return true;
}

/* One run of a block's text in one state (kept or dropped), up to a line
 * break: extra when kept and the gold lacks it, missing when dropped,
 * in the gold and not extracted elsewhere. */
static void
judge_piece(struct tui_model *m, int b, bool kept, struct buf *piece, const char *gold,
	    const char *out)
{
	if (b < 0 || !piece->len)
		return;
	buf_adds(piece, "");
	bool in_gold = strstr(gold, piece->data) != NULL;
	if (kept && !in_gold)
		m->disagree[b] |= GOLD_EXTRA;
	else if (!kept && in_gold && !strstr(out, piece->data))
		m->disagree[b] |= GOLD_MISSING;
	piece->len = 0;
}

/* Which elements' decisions the gold disputes, block by block (the
 * element each text node's block is): the text of a block is cut into
 * runs at line breaks and where kept turns to dropped, each run judged
 * whole against the gold's text and the extraction's, all without white
 * space, as the gold view compares lines. */
void
model_gold_disagree(struct tui_model *m)
{
	const struct dom *d = m->d;
	if (!m->disagree)
		m->disagree = xcalloc((size_t)m->n + 1, 1);
	memset(m->disagree, 0, (size_t)m->n + 1);
	struct buf gold, out, piece;
	buf_init(&gold);
	buf_init(&out);
	buf_init(&piece);
	text_blind(m->gold_text, m->gold_len, &gold);
	buf_adds(&gold, "");
	text_blind(m->out.data ? m->out.data : "", m->out.len, &out);
	buf_adds(&out, "");
	int cur = -1;
	bool cur_kept = false;
	for (int t = 0; t < d->ntexts; t++) {
		const struct dom_text *x = &d->texts[t];
		if (x->flags & TEXT_SKIP)
			continue;
		bool kept = model_text_kept(m, t);
		if (x->block != cur || kept != cur_kept || (x->flags & TEXT_BREAK)) {
			judge_piece(m, cur, cur_kept, &piece, gold.data, out.data);
			cur = x->block;
			cur_kept = kept;
		}
		if (!(x->flags & TEXT_BREAK))
			text_blind(dom_text(d, t), x->len, &piece);
	}
	judge_piece(m, cur, cur_kept, &piece, gold.data, out.data);
	m->ndisagree = 0;
	for (int i = 0; i < m->n; i++)
		m->ndisagree += m->disagree[i] != 0;
	buf_free(&gold);
	buf_free(&out);
	buf_free(&piece);
}

bool
model_set_gold_filter(struct tui_model *m, bool on)
{
	if (!m->gold_text)
		return false;
	m->gold_filter = on;
	if (on)
		model_gold_disagree(m);
	model_rebuild_rows(m);
	return true;
}

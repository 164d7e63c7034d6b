/* auto-decide.c - the combined method. */
#include "config.h"

#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "method/auto-decide.h"
#include "meta.h"
#include "method/auto-model.h"
#include "file.h"
#include "method/cc-decide.h"
#include "words.h"

/* Probability at which a block outside the best run is kept anyway. */
#define SURE AUTO_SURE

/* Model files larger than this are refused (the built-in one is 200 kB). */
#define MODEL_MAX_BYTES (64u << 20)

static double
probability(double z)
{
	return 1.0 / (1.0 + exp(-z));
}

static double
logistic(const float *w, const float *x, int n)
{
	double z = 0;
	for (int k = 0; k < n; k++)
		z += (double)w[k] * x[k];
	return probability(z);
}

double
auto_stage1(const float *x)
{
	return logistic(auto_model_builtin.stage1, x, F_BASE_COUNT);
}

/* ---- model files ---- */

/* The model files read so far, kept for the process's life: parameters
 * are copied freely and name a model by its kept path. */
struct kept_model {
	char *path;
	struct auto_model *model;
	struct kept_model *next;
};
static struct kept_model *kept_models;

const char *
auto_model_keep(const char *path, char *err, size_t errlen)
{
	for (struct kept_model *k = kept_models; k; k = k->next)
		if (!strcmp(k->path, path))
			return k->path;
	struct buf b;
	char why[200];
	buf_init(&b);
	if (read_file(path, MODEL_MAX_BYTES, &b, why, sizeof why) < 0) {
		buf_free(&b);
		snprintf(err, errlen, "%s: %s", path, why);
		return NULL;
	}
	struct auto_model *m = auto_model_parse(b.data ? b.data : "", b.len, feature_names,
						F_COUNT, F_BASE_COUNT, why, sizeof why);
	buf_free(&b);
	if (!m) {
		snprintf(err, errlen, "%s: %s", path, why);
		return NULL;
	}
	struct kept_model *k = xmalloc(sizeof *k);
	k->path = xstrdup(path);
	k->model = m;
	k->next = kept_models;
	kept_models = k;
	return k->path;
}

const struct auto_model *
auto_model_find(const char *path)
{
	if (!path)
		return &auto_model_builtin;
	for (int pass = 0; pass < 2; pass++) {
		for (struct kept_model *k = kept_models; k; k = k->next)
			if (!strcmp(k->path, path))
				return k->model;
		/* parameters set through params_set() were kept already */
		char err[300];
		if (!auto_model_keep(path, err, sizeof err))
			die("%s", err);
	}
	die("%s: not kept", path);
}

/* The second stage: the node that x ends at from node nd... */
static const struct auto_node *
step(const struct auto_node *nodes, const struct auto_node *nd, const float *x)
{
	return &nodes[x[nd->feature] <= nd->threshold ? nd->left : nd->right];
}

/* ... and each feature's share of the logit, their sum the logit: the
 * steps its splits make along x's paths, the bias holding the base and
 * the roots. */
static void
tree_shares(const struct auto_model *m, const float *x, double *contrib)
{
	for (int k = 0; k < F_COUNT; k++)
		contrib[k] = 0;
	contrib[F_BIAS] = m->base;
	for (int t = 0; t < m->ntrees; t++) {
		const struct auto_node *nd = &m->nodes[m->roots[t]];
		contrib[F_BIAS] += nd->value;
		for (const struct auto_node *next; nd->feature >= 0; nd = next) {
			next = step(m->nodes, nd, x);
			contrib[nd->feature] += (double)next->value - nd->value;
		}
	}
}

/* The trees laid out for scoring many blocks at once.  When no tree is
 * deeper than COMPLETE_DEPTH, each is stored as the complete tree of the
 * deepest one's depth, its splits in breadth-first order and its leaves
 * after them: node k's children are 2k+1 and 2k+2, so a block takes
 * exactly depth steps, each loading only the split it is at.  A leaf
 * above the last level is copied into every leaf below it (the splits
 * under it test the bias, always 1, against 0 and may go either way).
 * The blocks go through a tree LANES at a time, their paths independent:
 * while one waits for its split, the others step.  Deeper trees keep
 * their own nodes, a leaf's two children itself.  The sums are the same,
 * added in the same order, as a walk from the root. */
#define COMPLETE_DEPTH 6
#define LANES 16

struct split {
	int feature;
	float threshold;
};

struct flat_model {
	const struct auto_model *model;
	int depth;              /* complete: every tree's, else 0 */
	struct split *splits;   /* complete: 2^depth - 1 a tree */
	float *leaves;          /* complete: 2^depth a tree */
	struct split *nodes;    /* otherwise: the model's nodes, */
	int (*kids)[2];         /* their children (x[feature] <= threshold: [0]) */
	int *tree_depth;        /* and each tree's depth */
};

/* Tree node i of m placed at k, level levels down, in the complete
 * layout of fm. */
static void
place(struct flat_model *fm, const struct auto_model *m, int t, int i, int k, int level)
{
	const struct auto_node *nd = &m->nodes[i];
	int nsplits = (1 << fm->depth) - 1;
	if (level == fm->depth) {
		fm->leaves[(size_t)t * (nsplits + 1) + (size_t)(k - nsplits)] = nd->value;
		return;
	}
	struct split *sp = &fm->splits[(size_t)t * nsplits + (size_t)k];
	if (nd->feature < 0) {
		*sp = (struct split){ F_BIAS, 0 };
		place(fm, m, t, i, 2 * k + 1, level + 1);
		place(fm, m, t, i, 2 * k + 2, level + 1);
	} else {
		*sp = (struct split){ nd->feature, nd->threshold };
		place(fm, m, t, nd->left, 2 * k + 1, level + 1);
		place(fm, m, t, nd->right, 2 * k + 2, level + 1);
	}
}

/* The model last scored with, laid out flat (models live as long as the
 * process, so the pointer names one). */
static const struct flat_model *
flat_model(const struct auto_model *m)
{
	static struct flat_model flat;
	if (flat.model == m)
		return &flat;
	free(flat.splits);
	free(flat.leaves);
	free(flat.nodes);
	free(flat.kids);
	free(flat.tree_depth);
	memset(&flat, 0, sizeof flat);
	flat.model = m;
	/* each node's height, children first: a node's children come after
	 * it (auto-model.c checks) */
	int *height = xmalloc(((size_t)m->nnodes + 1) * sizeof *height);
	for (int i = m->nnodes - 1; i >= 0; i--) {
		const struct auto_node *nd = &m->nodes[i];
		height[i] = nd->feature < 0 ? 0 :
			    1 + (height[nd->left] > height[nd->right] ? height[nd->left] :
								      height[nd->right]);
	}
	int depth = 0;
	for (int t = 0; t < m->ntrees; t++)
		if (height[m->roots[t]] > depth)
			depth = height[m->roots[t]];
	if (depth <= COMPLETE_DEPTH) {
		flat.depth = depth;
		size_t nsplits = ((size_t)1 << depth) - 1;
		flat.splits = xmalloc(((size_t)m->ntrees * nsplits + 1) * sizeof *flat.splits);
		flat.leaves = xmalloc((size_t)m->ntrees * (nsplits + 1) * sizeof *flat.leaves);
		for (int t = 0; t < m->ntrees; t++)
			place(&flat, m, t, m->roots[t], 0, 0);
		free(height);
		return &flat;
	}
	flat.nodes = xmalloc(((size_t)m->nnodes + 1) * sizeof *flat.nodes);
	flat.kids = xmalloc(((size_t)m->nnodes + 1) * sizeof *flat.kids);
	flat.tree_depth = xmalloc(((size_t)m->ntrees + 1) * sizeof *flat.tree_depth);
	for (int i = 0; i < m->nnodes; i++) {
		const struct auto_node *nd = &m->nodes[i];
		if (nd->feature < 0) {
			flat.nodes[i] = (struct split){ F_BIAS, 0 };
			flat.kids[i][0] = flat.kids[i][1] = i;
		} else {
			flat.nodes[i] = (struct split){ nd->feature, nd->threshold };
			flat.kids[i][0] = nd->left;
			flat.kids[i][1] = nd->right;
		}
	}
	for (int t = 0; t < m->ntrees; t++)
		flat.tree_depth[t] = height[m->roots[t]];
	free(height);
	return &flat;
}

/* z[j] += every tree's leaf value for block j's signals x[j]. */
static void
score_trees(const struct auto_model *m, float (*x)[F_COUNT], int nb, double *z)
{
	const struct flat_model *fm = flat_model(m);
	if (fm->splits) {
		int depth = fm->depth, nsplits = (1 << depth) - 1;
		for (int t = 0; t < m->ntrees; t++) {
			const struct split *sp = &fm->splits[(size_t)t * nsplits];
			const float *leaf = &fm->leaves[(size_t)t * (nsplits + 1)];
			int j = 0;
			for (; j + LANES <= nb; j += LANES) {
				int k[LANES] = { 0 };
				for (int s = 0; s < depth; s++)
					for (int l = 0; l < LANES; l++)
						k[l] = 2 * k[l] + 1 +
						       !(x[j + l][sp[k[l]].feature] <= sp[k[l]].threshold);
				for (int l = 0; l < LANES; l++)
					z[j + l] += leaf[k[l] - nsplits];
			}
			for (; j < nb; j++) {
				int k = 0;
				for (int s = 0; s < depth; s++)
					k = 2 * k + 1 + !(x[j][sp[k].feature] <= sp[k].threshold);
				z[j] += leaf[k - nsplits];
			}
		}
		return;
	}
	/* deeper trees, node by node (flat_model made tree_depth for them) */
	for (int t = 0; fm->tree_depth && t < m->ntrees; t++) {
		int root = m->roots[t], depth = fm->tree_depth[t];
		for (int j = 0; j < nb; j++) {
			int at = root;
			for (int s = 0; s < depth; s++) {
				const struct split *f = &fm->nodes[at];
				at = fm->kids[at][!(x[j][f->feature] <= f->threshold)];
			}
			z[j] += m->nodes[at].value;
		}
	}
}

/* A control: a block of one short link alone (under CONTROL_CHARS
 * characters, all of them the link's) whose text CONTROL_REPEATS or more
 * such blocks of the page share, repeated beside each entry ("Want to
 * read" under each book, a byline's "Follow", "View profile" on each
 * card).  Neither the kind nor keep_between adds one (st->control). */
#define CONTROL_CHARS 24
#define CONTROL_REPEATS 5
static void control_counts(const struct dom *d, const struct features *f, int *n);

/* Whether block j is a control, which no rule after the model adds; if
 * so, marked as passed over (st->control), for the detail pane. */
static bool
pass_control(struct auto_state *st, int j)
{
	if (st->shared[j] < CONTROL_REPEATS)
		return false;
	st->control[j] = st->shared[j];
	return true;
}

/* A select's options are a list the reader opens to pick one, closed
 * until then, as a datalist's are: no text of the page.  Their blocks
 * count as hidden ones, which no rule after the model adds. */
static void
mark_choices(const struct dom *d, const struct features *f, uint8_t *hidden)
{
	int sel = dom_tag_id(d, "select"), list = dom_tag_id(d, "datalist");
	if (sel < 0 && list < 0)
		return;
	uint8_t *in = xcalloc((size_t)d->n + 1, 1);
	for (int i = 0; i < d->n; i++)
		in[i] = d->tag[i] == sel || d->tag[i] == list ||
			(d->parent[i] >= 0 && in[d->parent[i]]);
	for (int j = 0; j < f->nblocks; j++)
		hidden[j] |= in[f->block[j]];
	free(in);
}

/* Whether element e is a button that is no toggle: a button element
 * or role, with neither aria-expanded nor aria-controls (an accordion's
 * or a menu's), in no heading or summary (an accordion's question;
 * auto_toggle reads those as headings).  button: the page's button tag,
 * -1 for none. */
static bool
control_button(const struct dom *d, int e, int button, const uint8_t *in_head)
{
	const char *role = d->tag[e] == button ? NULL : dom_attr(d, e, "role");
	if (d->tag[e] != button && !(role && dom_role_is(role, "button")))
		return false;
	return !dom_attr(d, e, "aria-expanded") && !dom_attr(d, e, "aria-controls") &&
	       !(d->parent[e] >= 0 && in_head[d->parent[e]]);
}

/* Whether every text with characters in element e is of one block. */
static bool
one_block(const struct dom *d, int e)
{
	int b = -1;
	for (int t = d->text_begin[e]; t < d->text_end[e]; t++) {
		if (d->texts[t].len == 0 || d->texts[t].flags & TEXT_SKIP)
			continue;
		if (b >= 0 && d->texts[t].block != b)
			return false;
		b = d->texts[t].block;
	}
	return true;
}

/* A block whose every text is a button's is a control ("Add to cart",
 * "Compare", "Mark as watched", "Save this event"), which the reader
 * presses and does not read: as hidden, no rule after the model adds
 * it (st->button says why, for the detail pane).  Toggles
 * (control_button) stay text, and so does a button that holds more
 * than one block (a card made clickable whole is its item, not a
 * control). */
static void
mark_buttons(const struct dom *d, const struct features *f, uint8_t *hidden, uint8_t *button)
{
	uint8_t *in_head = xcalloc((size_t)d->n + 1, 1), *in_button = xcalloc((size_t)d->n + 1, 1);
	uint8_t *head = xcalloc((size_t)d->ntags + 1, 1);
	for (int t = 0; t < d->ntags; t++)
		head[t] = !strcmp(d->tagnames[t], "summary") || dom_heading_tag(d->tagnames[t]);
	int button_tag = dom_tag_id(d, "button");
	bool any = false;
	for (int e = 0; e < d->n; e++) {      /* parents before children */
		int p = d->parent[e];
		in_head[e] = (p >= 0 && in_head[p]) || head[d->tag[e]];
		in_button[e] = (p >= 0 && in_button[p]) ||
			       (control_button(d, e, button_tag, in_head) && one_block(d, e));
		any |= in_button[e];
	}
	free(head);
	free(in_head);
	/* per block element, bit 1: it has text, bit 2: text outside a
	 * button; one pass over the texts, not one per block (a block
	 * that holds others, the body's own line, would walk them all) */
	uint8_t *has = xcalloc((size_t)d->n + 1, 1);
	for (int t = 0; any && t < d->ntexts; t++) {
		const struct dom_text *x = &d->texts[t];
		if (x->len > 0 && !(x->flags & TEXT_SKIP) && x->block >= 0)
			has[x->block] |= in_button[x->elem] ? 1 : 3;
	}
	for (int j = 0; any && j < f->nblocks; j++)
		if (has[f->block[j]] == 1)
			button[j] = hidden[j] = 1;
	free(has);
	free(in_button);
}

/* The features are computed once per page and kept in its state: a
 * threshold change only compares probabilities again. */
struct auto_state *
auto_state_new(const struct page *pg, const struct auto_model *m)
{
	struct auto_state *st = xcalloc(1, sizeof *st);
	st->model = m;
	st->m = pg->m;
	thread_init(&st->thread);
	thread_cache_init(&st->thread_cache);
	st->dated = -1;
	st->kept_root = -1;
	features_compute(pg, m->stage1, &st->sig);
	st->n = pg->dom->n;
	st->score = xmalloc(((size_t)st->n + 1) * sizeof *st->score);
	st->dup_of = xmalloc(((size_t)st->n + 1) * sizeof *st->dup_of);
	st->end_head = xcalloc((size_t)st->sig.nblocks + 1, 1);
	/* a byte a block: the threshold walks read it, not the rows */
	st->hidden = xmalloc((size_t)st->sig.nblocks + 1);
	st->beside_main = xcalloc((size_t)st->sig.nblocks + 1, 1);
	st->after_end = xcalloc((size_t)st->sig.nblocks + 1, 1);
	st->off_run = xcalloc((size_t)st->sig.nblocks + 1, 1);
	st->control = xcalloc((size_t)st->sig.nblocks + 1, sizeof *st->control);
	/* what the controls share depends on the page alone: counted once,
	 * not at each decision (a threshold walk decides again) */
	st->shared = xmalloc(((size_t)st->sig.nblocks + 1) * sizeof *st->shared);
	control_counts(pg->dom, &st->sig, st->shared);
	for (int j = 0; j < st->sig.nblocks; j++)
		st->hidden[j] = st->sig.x[j][F_HIDDEN] != 0;
	mark_choices(pg->dom, &st->sig, st->hidden);
	st->button = xcalloc((size_t)st->sig.nblocks + 1, 1);
	mark_buttons(pg->dom, &st->sig, st->hidden, st->button);
	for (int i = 0; i < st->n; i++)
		st->score[i] = -1;
	/* tree by tree, so that each tree's nodes stay in cache */
	int nb = st->sig.nblocks;
	double *z = st->sig.scratch, top = 0;
	st->p1 = xmalloc(((size_t)nb + 1) * sizeof *st->p1);
	st->p2 = xmalloc(((size_t)nb + 1) * sizeof *st->p2);
	for (int j = 0; j < nb; j++)
		z[j] = m->base;
	score_trees(m, st->sig.x, nb, z);
	for (int j = 0; j < nb; j++) {
		st->p1[j] = logistic(m->stage1, st->sig.x[j], F_BASE_COUNT);
		st->p2[j] = probability(z[j]);
		if (st->p2[j] > top)
			top = st->p2[j];
	}
	/* No block at even odds: the page is unlike any the trees learnt
	 * from (one short paragraph beside a menu, say), and the linear
	 * first stage, which extrapolates gently, decides. */
	st->trees_even = top >= 0.5;
	auto_state_stage(st, st->trees_even ? 2 : 1);
	return st;
}

void
auto_state_stage(struct auto_state *st, int stage)
{
	const double *p = stage == 2 ? st->p2 : st->p1;
	for (int j = 0; j < st->sig.nblocks; j++)
		st->score[st->sig.block[j]] = p[j];
	st->stage = stage;
}

void
auto_state_free(struct auto_state *st)
{
	if (!st)
		return;
	features_free(&st->sig);
	free(st->score);
	free(st->p1);
	free(st->p2);
	free(st->dup_of);
	free(st->recur);
	free(st->score0);
	free(st->sx);
	free(st->at_path);
	free(st->same);
	free(st->shingle);
	free(st->shingle_at);
	free(st->shingle_words);
	free(st->shingle_owner);
	free(st->end_head);
	free(st->hidden);
	free(st->button);
	free(st->beside_main);
	free(st->after_end);
	free(st->off_run);
	free(st->control);
	free(st->shared);
	thread_free(&st->thread);
	thread_cache_free(&st->thread_cache);
	free(st);
}

/* ---- repeated text ---- */

/* The page's word trigrams, each numbered as it comes: 0, 1, ... in
 * order of first appearance.  Only the distinct hashes are kept (a 21 MB
 * thread has 2.7 million trigrams, 371,000 of them distinct). */
struct shingles {
	uint64_t prev[2];
	int nwords;
	uint32_t *id;              /* the trigrams in order, numbered */
	size_t n, cap;
	struct u64_ids ids;
};

static void
add_shingle(struct shingles *s, uint64_t h)
{
	if (s->n == s->cap) {
		s->cap = s->cap ? 2 * s->cap : 256;
		s->id = xreallocarray(s->id, s->cap, sizeof *s->id);
	}
	s->id[s->n++] = u64_ids_add(&s->ids, h);
}

static void
shingle_word(const unsigned char *w, size_t n, void *arg)
{
	struct shingles *s = arg;
	uint64_t h = word_hash(w, n);
	if (++s->nwords >= 3)
		add_shingle(s, (s->prev[0] * 31 + s->prev[1]) * 1000003u + h);
	s->prev[0] = s->prev[1];
	s->prev[1] = h;
}

/* Fewer words than this are never a duplicate: table cells, numbers. */
#define DUP_WORDS 5
/* A heading of fewer words than this is a duplicate only where every
 * trigram of it is: two headings that differ in one word ("Current
 * thread runtime (behavior at the time of writing)", "Multi threaded
 * ...") share four fifths of their trigrams and are both the page's;
 * a shop's short labels ("Add Terra 15 Sleeping Bag to Compare") after
 * the card that names the product are not. */
#define DUP_SHORT 12
/* A shown paragraph of this many words or more that reads like one of
 * its siblings, but not word for word, is its own: the terms of an
 * offer for each country, a week's plan like the last but for its
 * workouts.  A copy of the text (hidden markup, a print version, a
 * teaser repeating the lead) stands elsewhere or whole; shorter
 * siblings alike are a banner's variants, one shown at a time. */
#define DUP_SIBLING 30

/* The elements in a tab of code samples: a tab panel (role="tabpanel",
 * DOM_PANEL) that holds a pre, and all inside it.  Tabs of code give
 * the same steps for several languages or platforms ("Install the SDK",
 * "Set your variables"), one each: what one tab shares with another is
 * not a repeat. */
static uint8_t *
code_tabs(const struct dom *d)
{
	uint8_t *in = xcalloc((size_t)d->n + 1, 1);
	int pre = dom_tag_id(d, "pre");
	for (int i = 0; pre >= 0 && i < d->n; i++) {
		if (in[i] || !(d->flags[i] & DOM_PANEL))
			continue;
		const char *role = dom_attr(d, i, "role");
		if (!role || strcasecmp(role, "tabpanel"))
			continue;
		bool code = false;
		for (int x = i + 1; x < d->end[i] && !code; x++)
			code = d->tag[x] == pre;
		if (code)
			memset(in + i, 1, (size_t)(d->end[i] - i));
	}
	return in;
}

/* Each block's word trigrams, made once per page: a threshold change
 * compares them again, it does not read the text again.  A trigram is
 * kept as its number among the page's distinct ones, so that which block
 * first brought it is an array, not a hash table.  A block in a tab of
 * code samples has none (code_tabs): it neither repeats nor is
 * repeated. */
static void
block_shingles(const struct dom *d, struct auto_state *st)
{
	const struct features *f = &st->sig;
	struct shingles s = { 0 };
	uint8_t *tab = code_tabs(d);
	st->shingle_at = xmalloc(((size_t)f->nblocks + 1) * sizeof *st->shingle_at);
	st->shingle_words = xmalloc(((size_t)f->nblocks + 1) * sizeof *st->shingle_words);
	for (int j = 0; j < f->nblocks; j++) {
		int b = f->block[j];
		st->shingle_at[j] = s.n;
		s.nwords = 0;
		s.prev[0] = s.prev[1] = 0;
		for (int t = d->text_begin[b]; t < d->text_end[b] && !tab[b]; t++)
			if (d->texts[t].block == b && !(d->texts[t].flags & (TEXT_SKIP | TEXT_BREAK)))
				each_word(dom_text(d, t), d->texts[t].len, shingle_word, &s);
		st->shingle_words[j] = s.nwords;
	}
	free(tab);
	st->shingle_at[f->nblocks] = s.n;
	/* never NULL: an offset into it is taken for every block */
	st->shingle = s.id ? s.id : xmalloc(sizeof *st->shingle);
	st->shingle_owner = xmalloc(((size_t)s.ids.n + 1) * sizeof *st->shingle_owner);
	st->nshingles = s.ids.n;
	u64_ids_free(&s.ids);
}

int
auto_block_of(const struct auto_state *st, int e)
{
	int lo = 0, hi = st->sig.nblocks - 1;
	while (lo <= hi) {
		int mid = lo + (hi - lo) / 2;
		if (st->sig.block[mid] == e)
			return mid;
		if (st->sig.block[mid] < e)
			lo = mid + 1;
		else
			hi = mid - 1;
	}
	return -1;
}

/* The term an entry of a definition list names: the dt that holds e, or
 * the dt before the dd that holds e; -1 for none. */
static int
term_of(const struct dom *d, int e)
{
	int dt = dom_tag_id(d, "dt"), dd = dom_tag_id(d, "dd");
	if (dt < 0 || dd < 0)
		return -1;
	for (; e >= 0; e = d->parent[e]) {
		if (d->tag[e] == dt)
			return e;
		if (d->tag[e] == dd) {
			int s = dom_prev_sibling(d, e);
			while (s >= 0 && d->tag[s] == dd)
				s = dom_prev_sibling(d, s);
			return s >= 0 && d->tag[s] == dt ? s : -1;
		}
	}
	return -1;
}

/* Whether two elements' shown texts differ (white space collapsed). */
static bool
texts_differ(const struct dom *d, int a, int b)
{
	struct buf x, y;
	bool sa = true, sb = true;
	buf_init(&x);
	buf_init(&y);
	for (int t = d->text_begin[a]; t < d->text_end[a]; t++)
		if (!(d->texts[t].flags & TEXT_SKIP))
			buf_add_collapsed(&x, dom_text(d, t), d->texts[t].len, &sa);
	for (int t = d->text_begin[b]; t < d->text_end[b]; t++)
		if (!(d->texts[t].flags & TEXT_SKIP))
			buf_add_collapsed(&y, dom_text(d, t), d->texts[t].len, &sb);
	bool differ = x.len != y.len || (x.len > 0 && memcmp(x.data, y.data, x.len) != 0);
	buf_free(&x);
	buf_free(&y);
	return differ;
}

/* A kept block of DUP_WORDS words or more, four fifths of whose word
 * trigrams are already in kept text, is dropped: visible blocks are seen
 * in reading order, then hidden ones, so that a hidden copy of the
 * article (schema.org markup, a print version) or a repeated headline
 * counts once.  Not a field of a listing's card (under DUP_SHORT words)
 * whose text stands in another card: each card is read whole, and a
 * spec, a price or a card's fine print that another card shares is its
 * own.  Nor a heading under DUP_SHORT words whose text stands mostly in
 * a block of DUP_SHORT words or more: a sentence that names the
 * sections, not a copy of the heading.  A shown code block is a repeat
 * only where all its trigrams are: a reference's examples differ by an
 * option or a line (a hidden copy is still one at four fifths); so is
 * every shown block where whole (a documentation page, whose entries
 * read alike: "X is a meta-argument. ..." under each argument).  Nor is
 * an entry of a definition list whose term differs from the term of the
 * entry that holds its text: a reference's two functions described
 * alike (json's dump and dumps) are two entries.  Nor is a block at the
 * same place in another item of a repeated group than its text's first
 * block, where the two items' texts differ (same_field): a webcam's
 * credit line under each webcam, an offer's terms under each offer.
 * Nor is a shown block of DUP_SIBLING words or more beside the block
 * that holds most of its text, under one parent, where some of its
 * trigrams are new. */
static bool code_block(const struct dom *d, int b);

/* The two items of one repeated group that hold o and b at the same
 * place, in *io and *ib: walking up from both in step, each pair of
 * ancestors has one tag, up to two siblings of one tag and class
 * attribute, both below b's own block (a field of an item: a card's
 * credit line, an offer's terms, not the item itself, which a
 * paragraph repeated in an article's body would be).  False for none. */
static bool
same_field(const struct dom *d, int o, int b, int *io, int *ib)
{
	if (o < 0 || o == b || d->depth[o] != d->depth[b])
		return false;
	int x = b, y = o;
	while (d->parent[x] != d->parent[y]) {
		if (d->tag[x] != d->tag[y])
			return false;
		x = d->parent[x];
		y = d->parent[y];
	}
	if (x == b || d->tag[x] != d->tag[y])
		return false;
	const char *cx = dom_attr(d, x, "class"), *cy = dom_attr(d, y, "class");
	if (!cx != !cy || (cx && strcmp(cx, cy) != 0))
		return false;
	*io = y;
	*ib = x;
	return true;
}

/* Whether b is a table cell beside a kept cell of its row. */
static bool
row_kept(const struct dom *d, const struct decision *dc, int b)
{
	const char *t = d->tagnames[d->tag[b]];
	int tr = d->parent[b];
	if ((strcmp(t, "td") && strcmp(t, "th")) || tr < 0 || strcmp(d->tagnames[d->tag[tr]], "tr"))
		return false;
	for (int c = d->first_child[tr]; c >= 0; c = d->next_sibling[c])
		if (c != b && dc->content[c])
			return true;
	return false;
}

static void
drop_duplicates(const struct dom *d, struct auto_state *st, struct decision *dc, bool whole)
{
	const struct features *f = &st->sig;
	int *dup_of = st->dup_of;
	if (!st->shingle_at)
		block_shingles(d, st);
	/* which block first brought each trigram to the kept text, -1 */
	int *owner = st->shingle_owner;
	memset(owner, 0xFF, ((size_t)st->nshingles + 1) * sizeof *owner);
	/* the last two items compared: the fields of one card follow each
	 * other, and a copy's every block would read the items again */
	int memo_o = -1, memo_b = -1;
	bool memo_differ = false;
	for (int pass = 0; pass < 2; pass++) {
		for (int j = 0; j < f->nblocks; j++) {
			int b = f->block[j];
			if (!dc->content[b] || st->hidden[j] != pass)
				continue;
			const uint32_t *h = st->shingle + st->shingle_at[j];
			size_t n = st->shingle_at[j + 1] - st->shingle_at[j];
			size_t hit = 0;
			for (size_t k = 0; k < n; k++)
				hit += owner[h[k]] >= 0;
			if (st->shingle_words[j] >= DUP_WORDS && hit * 5 >= n * 4 &&
			    (hit == n || (!(pass == 0 && (whole || code_block(d, b))) &&
					  (f->x[j][F_TAG_HEADING] == 0 ||
					   st->shingle_words[j] >= DUP_SHORT)))) {
				/* the block that holds most of it already */
				int cand[16], cnt[16], nc = 0, best = -1;
				for (size_t k = 0; k < n; k++) {
					int o = owner[h[k]], c = 0;
					while (o >= 0 && c < nc && cand[c] != o)
						c++;
					if (o < 0 || (c == nc && nc == 16))
						continue;
					if (c == nc) {
						cand[nc] = o;
						cnt[nc++] = 0;
					}
					if (++cnt[c] > (best >= 0 ? cnt[best] : 0))
						best = c;
				}
				int o = best >= 0 ? cand[best] : -1;
				/* on a documentation page a row reads whole: a
				 * signature's parameters in their cell, which
				 * the summary lists too, stay with its name */
				if (whole && row_kept(d, dc, b))
					continue;
				const struct page_figures *pf = &f->page;
				int card = o >= 0 && st->shingle_words[j] < DUP_SHORT ?
					   dom_item_of(d, pf->grid, pf->ngrid, b) : -1;
				int its = card >= 0 ? dom_item_of(d, pf->grid, pf->ngrid, o) : -1;
				if (its >= 0 && its != card)
					continue;
				/* the same field of two items that differ: each
				 * item's own (a carousel's clone of a slide, a
				 * copy of a section, is a repeat whole) */
				int io, ib;
				if (same_field(d, o, b, &io, &ib)) {
					if (io != memo_o || ib != memo_b) {
						memo_o = io;
						memo_b = ib;
						memo_differ = texts_differ(d, io, ib);
					}
					if (memo_differ)
						continue;
				}
				/* a sibling that reads alike and differs is
				 * its own paragraph (DUP_SIBLING), and its
				 * words are kept text for the blocks after */
				bool sibling = pass == 0 && hit < n && o >= 0 &&
					       d->parent[o] == d->parent[b] &&
					       st->shingle_words[j] >= DUP_SIBLING;
				/* a short heading that a longer text names (an
				 * intro listing the sections) is no copy of it */
				int jo = o >= 0 ? auto_block_of(st, o) : -1;
				int term = o >= 0 ? term_of(d, b) : -1;
				int oterm = term >= 0 ? term_of(d, o) : -1;
				if (!sibling && !(jo >= 0 && f->x[j][F_TAG_HEADING] != 0 &&
				      st->shingle_words[j] < DUP_SHORT &&
				      st->shingle_words[jo] >= DUP_SHORT) &&
				    !(oterm >= 0 && oterm != term && texts_differ(d, term, oterm))) {
					dc->content[b] = 0;
					dc->reason[b] = REASON_DUPLICATE;
					dup_of[b] = o;
					continue;
				}
			}
			for (size_t k = 0; k < n; k++)
				if (owner[h[k]] < 0)
					owner[h[k]] = b;
		}
	}
}

/* ---- the block that ends an article ---- */

/* A heading over what follows an article and is not part of it: related
 * stories, further reading, reader comments, a shop's other items, the
 * writer's bio, in the languages of the pages pith reads.  Lower case;
 * matched against a block's whole text (auto_end_phrase), so an inline
 * "Read also: TITLE" does not match. */
static const char *const end_phrases[] = {
	/* English */
	"related", "related articles", "related stories", "related news",
	"related posts", "related content", "related links", "related coverage",
	"related reading", "see also", "read also", "more on this story",
	"more on this topic", "you may also like", "you might also like",
	"recommended for you", "comments", "reader comments", "leave a comment",
	"leave a reply", "post a comment", "add a comment", "add your comment",
	"have your say", "join the discussion",
	/* a shop's box of other items, then the writer's bio, in English
	 * and in the languages below */
	"similar items", "related items", "related products", "similar products",
	"explore related items", "products related to this item", "customers also viewed",
	"customers also bought", "customers who viewed this item also viewed",
	"customers who bought this item also bought", "frequently bought together",
	"people also viewed", "recently viewed", "recently viewed items",
	"recently viewed products", "more from this shop", "more from this seller",
	"you may also be interested in",
	"ähnliche produkte", "kunden kauften auch", "zuletzt angesehen",
	"produits similaires", "produits associés", "productos relacionados",
	"productos similares", "prodotti correlati", "prodotti simili",
	"produtos relacionados", "podobne produkty", "похожие товары",
	"с этим товаром покупают", "相关商品", "猜你喜欢", "関連商品",
	"about the author", "about the authors", "about the reviewer", "author bio",
	"meet the author", "über den autor", "à propos de l'auteur", "sobre el autor",
	"об авторе",
	/* German */
	"verwandte artikel", "ähnliche artikel", "mehr zum thema", "weitere artikel",
	"das könnte sie auch interessieren", "lesen sie auch", "kommentare",
	"kommentar schreiben",
	/* French */
	"articles similaires", "à lire aussi", "lire aussi", "sur le même sujet",
	"voir aussi", "commentaires", "vous aimerez aussi", "articles liés",
	/* Spanish, Portuguese, Italian */
	"noticias relacionadas", "artículos relacionados", "te puede interesar",
	"lee también", "ver también", "comentarios", "notícias relacionadas",
	"leia também", "veja também", "comentários", "artigos relacionados",
	"posts relacionados", "matérias relacionadas", "você pode gostar",
	"você também pode gostar", "você pode gostar também",
	"articoli correlati", "leggi anche", "potrebbe interessarti", "commenti",
	"notizie correlate",
	/* Polish */
	"zobacz też", "zobacz także", "czytaj też", "czytaj także", "komentarze",
	"podobne artykuły", "powiązane artykuły",
	/* Russian, Ukrainian */
	"ссылки по теме", "смотрите также", "см. также", "читайте также",
	"новости по теме", "материалы по теме", "по теме", "похожие новости",
	"похожие статьи", "другие новости", "комментарии", "читайте також",
	"дивіться також", "новини по темі", "коментарі", "схожі новини",
	/* Greek */
	"σχετικά άρθρα", "σχετικά θέματα", "σχετικές ειδήσεις", "διαβάστε επίσης",
	"δείτε επίσης", "σχόλια",
	/* Chinese */
	"相关链接", "相关新闻", "相关阅读", "相关文章", "相关报道", "相关专题",
	"延伸阅读", "推荐阅读", "我来说两句", "评论", "网友评论", "发表评论",
	"网友留言", "读者评论", "相關新聞",
	"相關連結", "相關鏈接", "相關文章", "相關報導", "延伸閱讀", "推薦閱讀",
	"評論", "網友評論", "發表評論", "網友留言", "讀者評論", "我來說兩句",
	/* Japanese, Korean */
	"関連記事", "関連ニュース", "関連リンク", "あわせて読みたい", "관련기사",
	"관련 기사", "댓글",
};

/* On a product page, a heading over its buyers' reviews ends what the
 * page says of the product (an article's "Reviews" may be its own). */
static const char *const review_phrases[] = {
	"reviews", "customer reviews", "ratings & reviews", "ratings and reviews",
	"reviews and ratings", "customer ratings", "top reviews", "product reviews",
	"bewertungen", "kundenbewertungen", "kundenrezensionen", "rezensionen",
	"avis", "avis clients", "avis des clients", "opiniones", "opiniones de clientes",
	"reseñas", "valoraciones", "recensioni", "avaliações", "opinie", "отзывы",
	"отзывы покупателей", "відгуки", "κριτικές", "评价", "商品评价", "用户评价",
	"評價", "商品評價", "レビュー", "カスタマーレビュー", "리뷰", "상품평",
};

/* Longer blocks are never an end heading. */
#define END_MAX_CHARS 40

/* Lower case for the scripts of end_phrases: ASCII, Latin-1, Greek and
 * Cyrillic capitals. */
static uint32_t
fold_case(uint32_t c)
{
	if ((c >= 'A' && c <= 'Z') || (c >= 0xC0 && c <= 0xDE && c != 0xD7) ||
	    (c >= 0x391 && c <= 0x3A9) || (c >= 0x410 && c <= 0x42F))
		return c + 0x20;
	if (c >= 0x400 && c <= 0x40F)
		return c + 0x50;
	if (c == 0x386)
		return 0x3AC;
	if (c >= 0x388 && c <= 0x38A)
		return c + 0x25;
	if (c == 0x38C)
		return 0x3CC;
	if (c == 0x38E || c == 0x38F)
		return c + 0x3F;
	return c;
}

/* Not part of a phrase at its ends: digits, spaces, punctuation and
 * symbols (a count "(12)", a colon, a bullet "■", brackets "【】"). */
static bool
edge_mark(uint32_t c)
{
	return (c < 0x80 && !((c | 0x20) >= 'a' && (c | 0x20) <= 'z')) ||
	       (c >= 0xA0 && c <= 0xBF) || c == 0xD7 || c == 0xF7 ||
	       (c >= 0x2000 && c <= 0x2BFF) || (c >= 0x3000 && c <= 0x303F) ||
	       (c >= 0xFF00 && c <= 0xFF20) || (c >= 0xFF3B && c <= 0xFF40) ||
	       (c >= 0xFF5B && c <= 0xFF65);
}

/* Is s[0..n) one of the np phrases of list? */
static bool
phrase_in(const char *const *list, size_t np, const char *s, size_t n)
{
	for (size_t k = 0; k < np; k++)
		if (strlen(list[k]) == n && !memcmp(list[k], s, n))
			return true;
	return false;
}

static bool
end_phrase(const char *s, size_t n, bool product)
{
	/* the text's characters, white space collapsed, then trimmed of
	 * marks at both ends and case folded */
	uint32_t cp[END_MAX_CHARS];
	int len = 0, first = -1, last = -1;
	const unsigned char *u = (const unsigned char *)s;
	for (size_t i = 0; i < n;) {
		uint32_t c;
		i += u[i] < 0x80 ? (c = u[i], 1) : utf8_decode(u + i, n - i, &c);
		if (uc_is_white(c)) {
			if (len == 0 || cp[len - 1] == ' ')
				continue;
			c = ' ';
		}
		if (len == END_MAX_CHARS)
			return false;
		cp[len] = c;
		if (!edge_mark(c)) {
			if (first < 0)
				first = len;
			last = len;
		}
		len++;
	}
	if (first < 0)
		return false;
	char folded[4 * END_MAX_CHARS] = { 0 };
	size_t fl = 0;
	for (int k = first; k <= last; k++)
		fl += utf8_encode(fold_case(cp[k]), folded + fl);
	return phrase_in(end_phrases, sizeof end_phrases / sizeof *end_phrases, folded, fl) ||
	       (product && phrase_in(review_phrases, sizeof review_phrases / sizeof *review_phrases,
				     folded, fl));
}

bool
auto_end_phrase(const char *s, size_t n)
{
	return end_phrase(s, n, false);
}

/* The block's own visible text is an end phrase.  Its text nodes join
 * as they read ("相关<b>新闻</b>"), and runs of white space (a source's
 * indentation, no-break spaces) are one space, so that only the text's
 * own characters count towards the limit. */
static bool
block_ends_article(const struct dom *d, int b, bool product)
{
	char text[8 * END_MAX_CHARS];
	size_t n = 0;
	for (int t = d->text_begin[b]; t < d->text_end[b]; t++) {
		const struct dom_text *x = &d->texts[t];
		if (x->block != b || (x->flags & (TEXT_SKIP | TEXT_BREAK)))
			continue;
		const unsigned char *u = (const unsigned char *)dom_text(d, t);
		for (size_t i = 0; i < x->len;) {
			uint32_t c;
			size_t k = u[i] < 0x80 ? (c = u[i], 1) : utf8_decode(u + i, x->len - i, &c);
			const char *bytes = (const char *)u + i;
			i += k;
			if (uc_is_white(c)) {
				if (n == 0 || text[n - 1] == ' ')
					continue;
				bytes = " ";
				k = 1;
			}
			if (n + k > sizeof text)
				return false;     /* longer than any heading */
			memcpy(text + n, bytes, k);
			n += k;
		}
	}
	return end_phrase(text, n, product);
}

/* Whether block j (an index into the features) heads what follows an
 * article: short, not a link, not a list item (a tab or menu entry
 * "Comments: 0"), visible, and an end phrase; with product, a heading
 * element (h1-h6) of a review phrase too (a comparison table's row
 * "Reviews" heads nothing). */
static bool
is_end_heading(const struct dom *d, const struct auto_state *st, int j, bool product)
{
	const struct features *f = &st->sig;
	/* worked out once per page, block and set of phrases: bit 1 known,
	 * bit 2 yes; the product page's two bits above */
	uint8_t *e = st->end_head;
	int shift = product ? 2 : 0;
	if (!(e[j] >> shift & 1)) {
		bool yes = f->chars[j] <= END_MAX_CHARS && f->x[j][F_LINK_DENSITY] < 0.5f &&
			   f->x[j][F_TAG_LI] == 0 && f->x[j][F_HIDDEN] == 0 &&
			   block_ends_article(d, f->block[j], product && f->x[j][F_TAG_HEADING] != 0);
		e[j] |= (uint8_t)((1 | yes << 1) << shift);
	}
	return e[j] >> shift & 2;
}

/* Whether heading block b heads an element with no block in it: the
 * elements after it under its nearest ancestor that has any hold none
 * up to the next block (next), as a box of related products a script
 * fills in leaves its list empty. */
static bool
heads_nothing(const struct dom *d, int b, int next)
{
	int c = b, a = d->parent[b];
	while (a >= 0 && d->end[c] == d->end[a]) {
		c = a;
		a = d->parent[a];
	}
	return a >= 0 && d->end[a] <= next;
}

/* Once a block is kept, a heading over related stories or comments ends
 * the article: it and the blocks after it in what it heads (its nearest
 * ancestor that holds a later block) are dropped.  When that ancestor
 * holds kept blocks before the heading (a box set among the article's
 * paragraphs), or the heading's next block is a paragraph (a section of
 * the article), the article goes on at the next paragraph the model is
 * sure of.  On a product page a heading over its buyers' reviews ends
 * it too, and what it heads is all reviews.  Every block there, kept or
 * not, is marked (st->after_end): no rule after the model adds it (the
 * kind's, the grid's, a list's), as none adds a block the rule dropped. */
static void
drop_after_end(const struct dom *d, struct auto_state *st, struct decision *dc)
{
	const struct features *f = &st->sig;
	bool started = false;
	for (int j = 0; j < f->nblocks; j++) {
		if (!started || !is_end_heading(d, st, j, st->end_product)) {
			started = started || dc->content[f->block[j]];
			continue;
		}
		bool reviews = !is_end_heading(d, st, j, false);
		int sec = d->parent[f->block[j]];
		int next = j + 1 < f->nblocks ? f->block[j + 1] : d->n;
		/* a heading over an empty box goes alone, kept or not:
		 * no later rule brings it back as a section's heading */
		if (heads_nothing(d, f->block[j], next)) {
			st->after_end[j] = 1;
			dc->content[f->block[j]] = 0;
			dc->reason[f->block[j]] = REASON_END;
			st->dup_of[f->block[j]] = -1;
			continue;
		}
		while (sec >= 0 && d->parent[sec] >= 0 && d->end[sec] <= next)
			sec = d->parent[sec];
		/* the heading set among kept blocks of what it heads (a box
		 * inside the article, which may go on after it), or followed
		 * at once by a paragraph (a section of the article) */
		bool among = false;
		for (int k = j - 1; k >= 0 && f->block[k] > sec && !among; k--)
			among = dc->content[f->block[k]];
		int k = j;
		for (; k < f->nblocks && (sec < 0 || f->block[k] < d->end[sec]); k++) {
			int b = f->block[k];
			if (k > j && !reviews && (among || k == j + 1) && f->x[k][F_TAG_P] != 0 &&
			    st->score[b] >= SURE && f->x[k][F_LINK_DENSITY] < 0.25f)
				break;
			st->after_end[k] = 1;
			if (dc->content[b] || dc->reason[b] == REASON_DUPLICATE) {
				dc->content[b] = 0;
				dc->reason[b] = REASON_END;
				st->dup_of[b] = -1;
			}
		}
		j = k - 1;
	}
}

int
auto_end_heading(const struct dom *d, const struct auto_state *st, int e, bool *reviews,
		 bool *empty)
{
	const struct features *f = &st->sig;
	int j = 0;
	while (j < f->nblocks && f->block[j] < e)
		j++;
	for (; j >= 0; j--) {
		if (j >= f->nblocks || f->block[j] > e || !is_end_heading(d, st, j, st->end_product))
			continue;
		*empty = heads_nothing(d, f->block[j], j + 1 < f->nblocks ? f->block[j + 1] : d->n);
		if (*empty && f->block[j] != e)
			continue;       /* it ended nothing after it */
		*reviews = !is_end_heading(d, st, j, false);
		return f->block[j];
	}
	*reviews = *empty = false;
	return -1;
}

/* The characters of the blocks in the page's grid, of those the
 * decision keeps, of those it keeps in the grid, and the grid's cards
 * that hold a kept block. */
struct grid_sums {
	long in, kept, kept_in;
	int cards;
};

static void
grid_sums(const struct dom *d, const struct auto_state *st, const struct decision *dc,
	  struct grid_sums *g)
{
	const struct features *f = &st->sig;
	int at = 0, last = -1;
	memset(g, 0, sizeof *g);
	for (int j = 0; j < f->nblocks; j++) {
		int b = f->block[j];
		bool in = page_in_grid(d, &f->page, &at, b), kept = dc->content[b] != 0;
		g->in += in ? f->chars[j] : 0;
		g->kept += kept ? f->chars[j] : 0;
		if (in && kept) {
			g->kept_in += f->chars[j];
			g->cards += at != last;
			last = at;
		}
	}
}

/* A listing's grid is its content when it holds GRID_OVER times the text
 * the model keeps: the model, taught on articles, keeps a teaser or an
 * intro of a listing, and no more; where it keeps more, the grid is more
 * often a box of related items beside what it kept.  A grid of
 * GRID_WIDE times that text is the content even where what the model
 * kept is running prose (a card's teaser is a sentence too), unless what
 * it kept lies in one item of a grid of fewer than GRID_COLUMNS: the
 * page's columns, one of them the article (measured on the benchmark's
 * development pages: doc/algorithms.md, "Page kinds"). */
#define GRID_OVER 3
#define GRID_WIDE 8
#define GRID_COLUMNS 5
/* A service page's sections are its content where cc's blocks in its
 * region add SERVICE_WIDE times the text the model kept, even where that
 * was running prose: the model keeps one section's paragraph.  Or where
 * they add as much as it kept and that holds one paragraph of running
 * prose at most: an intro, not an article's body. */
#define SERVICE_WIDE 6
/* On a listing, a service page, a forum page (no thread found) or a
 * product page, what cc adds outside the readers' comments is the
 * page's sections where it is SECTIONS_WIDE times what the model kept
 * and less than SECTIONS_LINKS of it is link text: a landing page's, a
 * course's or a product's own text, not the teasers and menus beside a
 * short article (those are mostly links). */
#define SECTIONS_WIDE 2
#define SECTIONS_LINKS 0.1
/* Where the page's main landmark holds this share of the text the model
 * kept or more, what the kind adds is in main too: what cc finds beside
 * it is the site's (a footer's blurb, a newsletter's offer, a box of
 * related products), where the model's text says main is the page's
 * own (doc/algorithms.md, "Page kinds"). */
#define MAIN_KEPT 0.5
/* A card of one block is a title that links to its item: this share of
 * its text a link or more (a reply's line, its title linked and its
 * author and time not, is no card). */
#define CARDS1_LINKS 0.9
/* A block whose text is this share link text or more is not added,
 * but for a card of the grid and a section's heading. */
#define KIND_LINKS 0.99

/* Whether block j is a card of one block: in an item of the page's
 * one-block group, CARDS1_LINKS of it a link or more.  *at walks the
 * group as for page_in_cards1, so call it for every block in order. */
static bool
card1(const struct dom *d, const struct features *f, int *at, int j)
{
	return page_in_cards1(d, &f->page, at, f->block[j]) &&
	       f->x[j][F_LINK_DENSITY] >= CARDS1_LINKS;
}

/* A page whose main content is not prose (documentation, a listing, a
 * service page) keeps what cc keeps in its content region
 * beside what the model keeps: its code and headings, every card and
 * every section, which the article's model and its
 * reading-order run leave out.  A listing keeps its grid's every card
 * too (GRID_OVER).  Documentation does so always; a listing, a service
 * page or a forum page where no thread was found, only on the signs
 * below (strong, sections, intro); a product page on the sections sign
 * alone.  A page of any kind that names no
 * date (st->dated: no publication or update date in its markup or
 * text, its address not read) does so always too, where auto decided its
 * kind (a kind set keeps what that kind keeps), but for the readers'
 * comments where nothing else widens (st->by_date): a dated article or
 * post is what the model was taught on; an undated page is a shop's,
 * a service's, a reference's, whose main region is its content.  Reason
 * kind; the repeats go again. */
static void
keep_kind(const struct dom *d, struct auto_state *st, enum page_kind kind, struct decision *dc,
	  bool repeats, bool by_date)
{
	const struct features *f = &st->sig;
	const struct page_figures *pf = &f->page;
	bool grid = false, cards = false, grid1 = false;
	int at = 0, at1 = 0;
	/* a page of another kind (a service page, a shop's) where the model
	 * kept nothing shows its grid as a listing does: a shop's products
	 * under a banner, a topic's stories (st->grid_alone) */
	st->grid_alone = false;
	if (kind != KIND_ARTICLE && pf->ngrid > 0) {
		struct grid_sums g;
		grid_sums(d, st, dc, &g);
		bool listing = kind == KIND_LISTING || kind == KIND_FORUM;
		if (listing || g.kept == 0) {
			grid = g.in > 0 && g.in >= GRID_OVER * g.kept;
			cards = g.in > 0 && g.in >= GRID_WIDE * g.kept &&
				(g.kept_in < g.kept || pf->ngrid >= GRID_COLUMNS);
			st->grid_alone = grid && !listing;
		}
	}
	/* a listing whose cards are one block each, a title linking to
	 * the item (CARDS1_LINKS of it a link or more), where the grid of
	 * fuller items does not widen it: GRID_WIDE times what the model
	 * kept, as for those */
	if (kind == KIND_LISTING && !cards && pf->ncards1 > 0) {
		long in1 = 0, kept1 = 0;
		for (int j = 0, a = 0; j < f->nblocks; j++) {
			int b = f->block[j];
			in1 += card1(d, f, &a, j) && f->x[j][F_NEG_TAG] == 0 ? f->chars[j] : 0;
			kept1 += dc->content[b] ? f->chars[j] : 0;
		}
		grid1 = in1 > 0 && in1 >= GRID_WIDE * kept1;
		cards |= grid1;
	}
	st->kind_grid = grid;
	long kept_all = 0, kept_main = 0;
	for (int j = 0; pf->main >= 0 && j < f->nblocks; j++)
		if (dc->content[f->block[j]]) {
			kept_all += f->chars[j];
			kept_main += dom_contains(d, pf->main, f->block[j]) ? f->chars[j] : 0;
		}
	bool in_main = kept_all > 0 && kept_main >= MAIN_KEPT * (double)kept_all;
	long kept = 0, more = 0, prose = 0, nprose = 0, comments = 0;
	double more_links = 0;
	for (int j = 0; j < f->nblocks; j++) {
		int b = f->block[j];
		bool card = (grid && page_in_grid(d, pf, &at, b)) || (grid1 && card1(d, f, &at1, j));
		if (dc->content[b]) {
			kept += f->chars[j];
			prose += f->chars[j] >= 80 && f->x[j][F_ENDS_PUNCT] != 0 ? f->chars[j] : 0;
			nprose += f->chars[j] >= 80 && f->x[j][F_ENDS_PUNCT] != 0;
			continue;
		}
		/* what the end rule dropped follows the content; what lies
		 * in a footer, a nav, an aside, a header, a form or a menu
		 * is the site's, a grid there too (a mega menu); so is a
		 * copyright line, wherever it stands (a footer of divs) */
		if (st->hidden[j] || st->after_end[j] || f->x[j][F_NEG_TAG] != 0 ||
		    f->x[j][F_COPYRIGHT] != 0)
			continue;
		if (pass_control(st, j))
			continue;
		/* a section's heading, too short for cc, in cc's region */
		if (!card && f->x[j][F_CC_CONTENT] == 0 && f->x[j][F_CC_REGION] != 0 &&
		    f->x[j][F_TAG_HEADING] != 0) {
			dc->content[b] = 3;
			continue;
		}
		if (!card && (f->x[j][F_CC_CONTENT] == 0 || f->x[j][F_CC_REGION] == 0))
			continue;
		/* a block of links alone is a menu, in the region or not (a
		 * grid's card is its item; a section's heading, above, may
		 * link to the section's own page) */
		if (!card && f->x[j][F_LINK_DENSITY] >= KIND_LINKS)
			continue;
		if (in_main && !dom_contains(d, pf->main, b)) {
			st->beside_main[j] = 1;
			continue;
		}
		dc->content[b] = 2;
		more += f->chars[j];
		more_links += f->x[j][F_LINK_DENSITY] * f->chars[j];
		comments += f->x[j][F_COMMENT] != 0 ? f->chars[j] : 0;
	}
	/* documentation's code is its own signal; the other kinds' figures
	 * take many a news page for a listing or a service page, where the
	 * model keeps the article: they widen only where it kept no running
	 * prose, and what cc adds is at least what it kept, or where the
	 * grid, or on a service page what cc adds, dwarfs what it kept */
	bool own = kind == KIND_DOCS || kind == KIND_LISTING || kind == KIND_SERVICE ||
		   kind == KIND_FORUM;
	bool strong = own && (kind == KIND_DOCS || cards || (prose == 0 && more >= kept) ||
			      (kind == KIND_SERVICE && more - comments >= SERVICE_WIDE * kept));
	/* the weaker signs take the sections, not the readers' comments
	 * under them: what cc adds twice what the model kept, hardly links
	 * (a landing page's text, where the teasers beside a short article
	 * are links); an intro of one paragraph (an article's, taken for a
	 * service page; a forum's posts are kept by the stronger signs) */
	bool sections = !strong && (own || kind == KIND_PRODUCT) && more - comments >= SECTIONS_WIDE * kept &&
			more_links <= SECTIONS_LINKS * (double)more;
	bool intro = !strong && !sections && kind == KIND_SERVICE && nprose <= 1 &&
		     more - comments >= kept;
	/* where only the missing date widens, not the readers' comments
	 * either (a forum's posts are kept: comments are what it holds);
	 * whether the page names one is read here, where it decides, once */
	st->by_date = false;
	if (more > 0 && by_date && !strong && !sections && !intro) {
		if (st->dated < 0)
			st->dated = extract_dated(d);
		st->by_date = !st->dated;
	}
	st->by_sections = sections && more > 0;
	st->sections_more = more - comments;
	st->sections_kept = kept;
	st->sections_links = more > 0 ? more_links / (double)more : 0;
	bool apart = sections || intro || (st->by_date && kind != KIND_FORUM);
	bool wide = more > 0 && (strong || sections || intro || st->by_date);
	st->kind_main = wide && in_main;
	for (int j = 0; j < f->nblocks; j++) {
		int b = f->block[j];
		/* the heading goes with the section it heads */
		if (dc->content[b] == 3) {
			int n = j + 1 < f->nblocks ? dc->content[f->block[j + 1]] : 0;
			dc->content[b] = wide && (n == 1 || (n == 2 && !(apart &&
					 f->x[j + 1][F_COMMENT] != 0))) ? 2 : 0;
		}
		if (dc->content[b] != 2)
			continue;
		dc->content[b] = wide && !(apart && f->x[j][F_COMMENT] != 0);
		if (dc->content[b]) {
			dc->reason[b] = REASON_KIND;
			st->dup_of[b] = -1;
		}
	}
	if (wide && repeats)
		drop_duplicates(d, st, dc, kind == KIND_DOCS);
}

/* A section's heading the model dropped over the block it heads, which
 * it kept, is kept with it: a heading, or up to HEADINGS_OVER headings in
 * a row (a heading and its subheading, which the model may have kept),
 * straight before a kept block that is not one (but for captions the
 * model dropped between them), in cc's content region, with text, visible, in no nav,
 * header, footer, aside, form or menu, not dropped by the end rule, and
 * less than HEADING_LINKS of it a link (a teaser's linked title heads
 * another page, not this section).  So is a term (dt) straight before
 * its kept definition, a link or not (a reference's term links to its
 * own page; the model takes a row of linked names for a menu's).  And
 * so is a question's toggle over its answer, as a heading (auto_toggle:
 * an accordion's button, a details element's summary), which the model,
 * taught on news, takes for a control.  Reason heading. */
#define HEADINGS_OVER 2

/* Whether a rule after the model may add the dropped block j: it has
 * text, is visible, in no nav, header, footer, aside, form or menu, not
 * at or after a heading that ends the article (st->after_end: dropped
 * by the end rule or not), not a repeat of kept text, and no part of a
 * thread's post outside its message. */
static bool
may_add(const struct auto_state *st, const struct decision *dc, int j)
{
	const struct features *f = &st->sig;
	int b = f->block[j], r = dc->reason[b];
	return !dc->content[b] && f->chars[j] > 0 && !st->hidden[j] && f->x[j][F_NEG_TAG] == 0 &&
	       !st->after_end[j] && r != REASON_DUPLICATE && r != REASON_POST_PART;
}

/* Whether element b lies in an element whose id is one of ids (a list
 * separated by white space, as aria-controls gives it). */
static bool
in_named(const struct dom *d, int b, const char *ids)
{
	for (int e = b; e >= 0; e = d->parent[e]) {
		const char *id = dom_attr(d, e, "id");
		size_t n = id ? strlen(id) : 0;
		for (const char *c = ids; n && *c;) {
			c += strspn(c, " \t\n\r\f");
			size_t m = strcspn(c, " \t\n\r\f");
			if (m == n && !memcmp(c, id, n))
				return true;
			c += m;
		}
	}
	return false;
}

/* An accordion's toggle over block k: see auto-decide.h. */
bool
auto_toggle(const struct dom *d, const struct features *f, int j, int k)
{
	int b = f->block[j];
	for (int e = b, n = 0; e >= 0 && n < 3; e = d->parent[e], n++) {
		bool summary = !strcmp(dom_tagname(d, e), "summary");
		const char *panel = summary ? NULL : dom_attr(d, e, "aria-controls");
		if (!summary && !panel && !dom_attr(d, e, "aria-expanded"))
			continue;
		if ((j > 0 && f->block[j - 1] >= e) ||
		    (j + 1 < f->nblocks && f->block[j + 1] < d->end[e]) || k < 0)
			return false;
		/* the panel it names, or else its own item's (the details,
		 * the accordion's entry): not a tab list's last tab over
		 * the first tab's panel */
		return panel ? in_named(d, f->block[k], panel) :
		       d->parent[e] >= 0 && dom_contains(d, d->parent[e], f->block[k]);
	}
	return false;
}

static void
keep_headings(const struct dom *d, struct auto_state *st, struct decision *dc)
{
	const struct features *f = &st->sig;
	/* first the terms, so that a heading over a list of them heads a
	 * kept block */
	for (int j = 0; j + 1 < f->nblocks; j++)
		if (may_add(st, dc, j) && !strcmp(dom_tagname(d, f->block[j]), "dt") &&
		    f->x[j][F_CC_REGION] != 0 && auto_headed(st, dc, j) == j + 1) {
			dc->content[f->block[j]] = 1;
			dc->reason[f->block[j]] = REASON_HEADING;
		}
	for (int j = 0; j + 1 < f->nblocks; j++) {
		if (!may_add(st, dc, j) || f->x[j][F_LINK_DENSITY] >= HEADING_LINKS ||
		    f->x[j][F_CC_REGION] == 0)
			continue;
		int k = auto_headed(st, dc, j);
		if (k >= 0 && (f->x[j][F_TAG_HEADING] != 0 || auto_toggle(d, f, j, k))) {
			dc->content[f->block[j]] = 1;
			dc->reason[f->block[j]] = REASON_HEADING;
		}
	}
}

/* Is block b a list's item: an li, or a block an li holds (a page
 * builder's "li > p")? */
static bool
list_item(const struct dom *d, int b)
{
	return !strcmp(dom_tagname(d, b), "li") ||
	       (d->parent[b] >= 0 && !strcmp(dom_tagname(d, d->parent[b]), "li"));
}

/* Is block b a code block: a pre, or a block up to three levels inside
 * one (a highlighter's line, "pre > code > div")? */
static bool
code_block(const struct dom *d, int b)
{
	for (int e = b, n = 0; e >= 0 && n < 4; e = d->parent[e], n++)
		if (!strcmp(dom_tagname(d, e), "pre"))
			return true;
	return false;
}

/* A code block the model dropped between two blocks it kept (through
 * other dropped code blocks and headings: a tutorial's commands, each
 * under its step) is kept: a code block, in cc's content region, with
 * text, visible, in no nav, header, footer, aside, form or menu, not
 * dropped by the end rule, not a repeat of kept text nor a part of a
 * thread's post outside its message.  The model, taught on news, holds
 * code for chrome.  Reason code.  So is a list's item (an li, or a block an li
 * holds: a page builder's li > p) the model dropped between two blocks
 * it kept, through other dropped items and headings, less than
 * LIST_LINKS of it a link: the list a paragraph or a heading introduces,
 * whose short items the model takes for a menu's.  Reason list. */
static bool
run_kept(const struct dom *d, const struct auto_state *st, const struct decision *dc, int j,
	 enum reason why)
{
	const struct features *f = &st->sig;
	int b = f->block[j];
	return may_add(st, dc, j) &&
	       (why == REASON_CODE ? code_block(d, b) : list_item(d, b)) &&
	       f->x[j][F_CC_REGION] != 0 &&
	       (why == REASON_CODE || f->x[j][F_LINK_DENSITY] < LIST_LINKS);
}

/* Whether block j lies between such a block and the kept blocks around
 * it: a pre (for a list, an item) or a heading, dropped, or kept by
 * keep_runs or keep_headings (a list under a heading of its own, "Pros",
 * between two kept paragraphs). */
static bool
run_gap(const struct dom *d, const struct auto_state *st, const struct decision *dc, int j,
	enum reason why)
{
	int b = st->sig.block[j], r = dc->reason[b];
	if (why == REASON_LIST)
		return (!dc->content[b] || r == REASON_LIST || r == REASON_HEADING) &&
		       (list_item(d, b) || st->sig.x[j][F_TAG_HEADING] != 0);
	return (!dc->content[b] || r == REASON_CODE || r == REASON_HEADING) &&
	       (code_block(d, b) || st->sig.x[j][F_TAG_HEADING] != 0);
}

int
auto_run_next(const struct dom *d, const struct auto_state *st, const struct decision *dc,
	      int j, enum reason why, int *stop)
{
	const struct features *f = &st->sig;
	int k = j + 1;
	while (k < f->nblocks && run_gap(d, st, dc, k, why))
		k++;
	if (stop)
		*stop = k;
	return k < f->nblocks && dc->content[f->block[k]] ? k : -1;
}

int
auto_run_prev(const struct dom *d, const struct auto_state *st, const struct decision *dc,
	      int j, enum reason why)
{
	int k = j - 1;
	while (k >= 0 && run_gap(d, st, dc, k, why))
		k--;
	return k >= 0 && dc->content[st->sig.block[k]] ? k : -1;
}

/* Each run of blocks between two kept ones is read once: its code
 * blocks (or items) are kept together, and the next search starts past
 * it. */
static void
keep_runs(const struct dom *d, struct auto_state *st, struct decision *dc, enum reason why)
{
	const struct features *f = &st->sig;
	for (int j = 0; j < f->nblocks; j++) {
		if (!run_kept(d, st, dc, j, why))
			continue;
		int stop, k = auto_run_next(d, st, dc, j, why, &stop);
		if (auto_run_prev(d, st, dc, j, why) < 0)
			k = -1;
		for (int i = j; k >= 0 && i < k; i++)
			if (run_kept(d, st, dc, i, why)) {
				dc->content[f->block[i]] = 1;
				dc->reason[f->block[i]] = why;
			}
		j = stop - 1;
	}
}

int
auto_headed(const struct auto_state *st, const struct decision *dc, int j)
{
	const struct features *f = &st->sig;
	/* past the headings after it, HEADINGS_OVER in all, the model's
	 * too: a section's heading over its first subsection's, which the
	 * model kept with its text (a numbered section "4. Remote tools",
	 * then "a. Their history" and a paragraph); and past the captions
	 * the model dropped, a picture's between a pick's heading and its
	 * text ("7. Our Own Brand", "Source: Our Own Brand", a paragraph) */
	int k = j + 1, heads = 1;
	for (; k < f->nblocks; k++) {
		if (f->x[k][F_TAG_HEADING] != 0) {
			if (heads++ == HEADINGS_OVER)
				break;
		} else if (f->x[k][F_CAPTION] == 0 || dc->content[f->block[k]]) {
			break;
		}
	}
	return k < f->nblocks && dc->content[f->block[k]] && f->x[k][F_TAG_HEADING] == 0 ? k : -1;
}

/* The run in reading order is the article's.  A listing's or a product
 * page's blocks are its items, its offer and its specifications, set
 * apart by pictures, prices and buttons the model drops: there, a block
 * the model kept inside the page's main landmark stays where it stands,
 * off the run too, where it is under no negative tag, no comment and
 * not hidden.  Outside main, and on a page with no main, the run
 * decides.  After keep_kind, which weighs what the model kept against
 * what cc would add.  Reason auto (st->off_run). */
static void
keep_main_items(const struct dom *d, struct auto_state *st, struct decision *dc)
{
	const struct features *f = &st->sig;
	int in = f->page.main;
	for (int j = 0; in >= 0 && j < f->nblocks; j++) {
		int b = f->block[j];
		if (dc->reason[b] != REASON_OUTLIER || f->x[j][F_NEG_TAG] != 0 ||
		    f->x[j][F_COMMENT] != 0 || st->hidden[j] || !dom_contains(d, in, b))
			continue;
		dc->content[b] = 1;
		dc->reason[b] = REASON_AUTO;
		st->off_run[j] = 1;
	}
}

/* A grid the model kept most of is kept whole: where the model keeps
 * a third of the text of a page's grid, in two cards or more, the grid is the
 * content and the cards it left out (a short one, the last) are too.
 * Not on an article, whose grid is its figures or paragraphs of one
 * class, where what the model leaves out is a caption or a credit.
 * Reason grid. */
static void
complete_grid(const struct dom *d, struct auto_state *st, struct decision *dc)
{
	const struct features *f = &st->sig;
	const struct page_figures *pf = &f->page;
	struct grid_sums g;
	grid_sums(d, st, dc, &g);
	st->grid_chars = g.in;
	st->grid_kept = g.kept_in;
	st->grid_cards = g.cards;
	if (g.cards < 2 || 3 * g.kept_in < g.in)
		return;
	int at = 0;
	for (int j = 0; j < f->nblocks; j++) {
		int b = f->block[j];
		if (!page_in_grid(d, pf, &at, b) || !may_add(st, dc, j))
			continue;
		dc->content[b] = 1;
		dc->reason[b] = REASON_GRID;
	}
}

/* The block's shown text, white space collapsed, into out. */
static void
block_text(const struct dom *d, int b, struct buf *out)
{
	bool space = true;
	out->len = 0;
	if (out->data)
		out->data[0] = '\0';
	for (int t = d->text_begin[b]; t < d->text_end[b]; t++)
		if (d->texts[t].block == b && !(d->texts[t].flags & (TEXT_SKIP | TEXT_BREAK)))
			buf_add_collapsed(out, dom_text(d, t), d->texts[t].len, &space);
	while (out->len > 0 && out->data[out->len - 1] == ' ')
		out->data[--out->len] = '\0';
}

/* Whether s[0..n), a heading's text, reads as a title, not a name or a
 * post's number and date: two words or more, with a letter among them
 * (a character outside ASCII counts as one: "#1 2024-03-11 19:42:07",
 * FluxBB's heading over each post, is none), or TITLE_POINTS code points
 * or more outside ASCII (a title in a script written without spaces,
 * "2025年港口工程开工"). */
#define TITLE_POINTS 10
#define TITLE_LINKS 0.5
static bool
titled(const char *s, size_t n)
{
	if (n == 0)
		return false;
	bool letter = false;
	for (size_t i = 0; i < n && !letter; i++)
		letter = isalpha((unsigned char)s[i]) || (unsigned char)s[i] >= 0x80;
	if (!letter)
		return false;
	if (memchr(s, ' ', n))
		return true;
	size_t points = 0;
	for (size_t i = 0; i < n; i++)
		points += (unsigned char)s[i] >= 0xC0;       /* a lead byte */
	return points >= TITLE_POINTS;
}

/* Whether the posts' headings outside their messages that link
 * elsewhere (at[0..n), blocks) are their own titles, each a card's: two
 * or more, no two alike, none the end of another ("Re: Ferry" ends with
 * the first post's "Ferry": a thread's subject, repeated); the first
 * TITLE_PAIRS compared so. */
#define TITLE_PAIRS 256
static bool
own_titles(const struct dom *d, const int *at, int n)
{
	if (n < 2)
		return false;
	n = n < TITLE_PAIRS ? n : TITLE_PAIRS;
	struct buf *tx = xcalloc((size_t)n, sizeof *tx);
	bool own = true;
	for (int k = 0; k < n && own; k++) {
		block_text(d, at[k], &tx[k]);
		own = titled(tx[k].data, tx[k].len);
	}
	for (int k = 0; k < n && own; k++)
		for (int l = 0; l < n && own; l++) {
			if (k == l || tx[l].len > tx[k].len)
				continue;
			own = tx[l].len == 0 ||
			      memcmp(tx[k].data + tx[k].len - tx[l].len, tx[l].data, tx[l].len) != 0;
		}
	for (int k = 0; k < n; k++)
		buf_free(&tx[k]);
	free(tx);
	return own;
}

/* A forum thread: every post's message is the content; its author
 * panel, signature and controls are not, nor is anything else in the
 * posts' container (the rows between posts, the title, the pages, the
 * quick reply) (auto-thread.h).  Where each post has a title of its own
 * (own_titles: a blog's posts listed under their linked titles), the
 * titles are kept too.  Before the container, a block the model kept is
 * kept even off the reading-order run.  In the container before the
 * first post, the running prose the model kept (80 characters or more
 * ending a sentence) stays where it holds THREAD_INTRO_CHARS or more in
 * all: an article's introduction to its picks, which the thread stage
 * takes for posts (a board's one-line description stays out). */
#define THREAD_INTRO_CHARS 300

static bool
thread_intro(const struct features *f, const struct auto_state *st, const struct decision *dc,
	     const struct dom *d, int j)
{
	const struct thread *t = &st->thread;
	int b = f->block[j];
	return t->nposts > 0 && d->end[b] <= t->post[0] && dom_contains(d, t->container, b) &&
	       dc->content[b] && !st->hidden[j] && f->chars[j] >= 80 &&
	       f->x[j][F_ENDS_PUNCT] != 0;
}

static void
keep_thread(const struct dom *d, struct auto_state *st, struct decision *dc)
{
	const struct features *f = &st->sig;
	const struct thread *t = &st->thread;
	int at = 0;
	/* the posts' headings outside their messages, linking elsewhere
	 * (more than TITLE_LINKS of them a link): their own titles, or a
	 * thread's subject repeated */
	int *title = xmalloc(((size_t)f->nblocks + 1) * sizeof *title), ntitles = 0;
	for (int j = 0; j < f->nblocks; j++) {
		int b = f->block[j], i = thread_post_next(d, t, &at, b);
		if (i >= 0 && !dom_contains(d, t->msg[i], b) && !st->hidden[j] &&
		    f->x[j][F_TAG_HEADING] != 0 && f->x[j][F_LINK_DENSITY] > TITLE_LINKS)
			title[ntitles++] = b;
	}
	bool keep_titles = own_titles(d, title, ntitles);
	st->thread_titles = keep_titles ? ntitles : 0;
	long intro = 0;
	for (int j = 0; j < f->nblocks; j++)
		intro += thread_intro(f, st, dc, d, j) ? f->chars[j] : 0;
	at = 0;
	int ti = 0;
	for (int j = 0; j < f->nblocks; j++) {
		int b = f->block[j], i = thread_post_next(d, t, &at, b);
		if (keep_titles && ti < ntitles && title[ti] == b) {
			ti++;
			dc->content[b] = 1;
			dc->reason[b] = REASON_THREAD;
			st->dup_of[b] = -1;
			continue;
		}
		if (i < 0 && !dom_contains(d, t->container, b)) {
			/* before the thread, what the model kept and the run
			 * dropped: an opening post set apart (a story over
			 * its comments), where the posts found hold none */
			if (d->end[b] <= t->container && dc->reason[b] == REASON_OUTLIER &&
			    !t->opening) {
				dc->content[b] = 1;
				dc->reason[b] = REASON_THREAD;
			}
			continue;
		}
		bool msg = i >= 0 && dom_contains(d, t->msg[i], b) && !t->repeat[b] &&
			   !st->hidden[j];
		if (i < 0 && intro >= THREAD_INTRO_CHARS && thread_intro(f, st, dc, d, j))
			continue;
		dc->content[b] = msg;
		dc->reason[b] = msg ? REASON_THREAD : REASON_POST_PART;
		st->dup_of[b] = -1;
	}
	free(title);
	if (t->text_repeat) {
		dc->text_drop = xmalloc((size_t)d->ntexts + 1);
		memcpy(dc->text_drop, t->text_repeat, (size_t)d->ntexts + 1);
	}
}

/* Characters of e's text, links' too (0 for no element). */
static long
text_chars(const struct metrics *m, int e)
{
	return e >= 0 ? (long)m->TA[e] + m->LT[e] : 0;
}

/* Where the model kept nothing longer than a date or a label
 * (THREAD_META_CHARS: a profile's "Member" line), the thread is looked
 * for from the page's largest block that may be a post's message
 * (visible, in no nav, footer or the like): a thread of short posts whose
 * messages the model doubted, a board's posts it took for comments.  The
 * posts must still hold half of what it kept. */
static bool
short_thread(const struct dom *d, struct auto_state *st, const struct decision *dc)
{
	const struct features *f = &st->sig;
	int best = -1;
	for (int j = 0; j < f->nblocks; j++) {
		if (dc->content[f->block[j]] && f->chars[j] > THREAD_META_CHARS)
			return false;
		if (!st->hidden[j] && f->x[j][F_NEG_TAG] == 0 &&
		    (best < 0 || f->chars[j] > f->chars[best]))
			best = j;
	}
	if (best < 0)
		return false;
	if (!thread_find_from(d, st->m, f->block, f->chars, f->nblocks, dc->content,
			      f->block[best], &st->thread, &st->thread_cache)) {
		/* what it kept lies outside the posts (a bug's fields over
		 * its comments): the posts are the thread where their
		 * messages hold half the page's text */
		uint8_t *none = xcalloc((size_t)d->n + 1, 1);
		bool found = thread_find_from(d, st->m, f->block, f->chars, f->nblocks, none,
					      f->block[best], &st->thread, &st->thread_cache);
		free(none);
		long msgs = 0, page = text_chars(st->m, d->body);
		for (int i = 0; found && i < st->thread.nposts; i++)
			msgs += text_chars(st->m, st->thread.msg[i]);
		if (!found || 2 * msgs < page) {
			thread_free(&st->thread);
			return false;
		}
		st->thread.outside = page > 0 ? (double)msgs / page : 1;
	}
	st->thread.largest = true;
	return true;
}

int
auto_data_table(const struct dom *d, int t)
{
	int tt = dom_tag_id(d, "table"), tr = dom_tag_id(d, "tr");
	int th = dom_tag_id(d, "th"), td = dom_tag_id(d, "td");
	if (tt < 0 || tr < 0 || th < 0 || d->tag[t] != tt)
		return 0;
	int rows = 0;
	bool head = false;
	for (int x = t + 1; x < d->end[t]; x++) {
		if (d->tag[x] == tt)
			return 0;
		head |= d->tag[x] == th;
		if (d->tag[x] != tr)
			continue;
		int cells = 0;
		for (int c = d->first_child[x]; c >= 0; c = d->next_sibling[c])
			cells += d->tag[c] == th || d->tag[c] == td;
		rows += cells >= 2;
	}
	return head && rows >= TABLE_ROWS ? rows : 0;
}

/* A table of data among the kept blocks is kept whole: the model reads
 * its cells one by one, a name or a figure each, and drops them (a
 * list's rows, a comparison, results).  The table: a header cell,
 * TABLE_ROWS rows of two cells or more, no table inside it, in the
 * smallest element that holds every kept block (not the body: a page
 * whose kept blocks are everywhere has no such region); its cells in
 * cc's content region.  A sidebar's box of links has one cell a row.
 * Reason table. */
static void
keep_tables(const struct dom *d, struct auto_state *st, struct decision *dc)
{
	const struct features *f = &st->sig;
	st->kept_root = -1;
	int tt = dom_tag_id(d, "table");
	if (tt < 0)
		return;
	int root = -1;
	for (int j = 0; j < f->nblocks; j++) {
		int b = f->block[j];
		if (!dc->content[b])
			continue;
		if (root < 0)
			root = b;
		while (root >= 0 && !dom_contains(d, root, b))
			root = d->parent[root];
	}
	if (root < 0 || root == d->body || d->parent[root] < 0)
		return;
	st->kept_root = root;
	int j = 0;
	for (int t = root; t < d->end[root]; t++) {
		if (d->tag[t] != tt)
			continue;
		if (auto_data_table(d, t) > 0) {
			while (j < f->nblocks && f->block[j] < t)
				j++;
			for (; j < f->nblocks && f->block[j] < d->end[t]; j++)
				if (may_add(st, dc, j) && f->x[j][F_CC_REGION] != 0) {
					dc->content[f->block[j]] = 1;
					dc->reason[f->block[j]] = REASON_TABLE;
				}
		}
		t = d->end[t] - 1;
	}
}

uint64_t *
auto_tag_paths(const struct dom *d)
{
	uint64_t *ph = xmalloc(((size_t)d->n + 1) * sizeof *ph);
	for (int e = 0; e < d->n; e++) {      /* parents come first */
		uint64_t up = d->parent[e] >= 0 ? ph[d->parent[e]] : 1469598103934665603ULL;
		ph[e] = (up ^ (uint64_t)(unsigned)d->tag[e]) * 1099511628211ULL;
	}
	return ph;
}

bool
auto_continues(const struct auto_state *st, int j)
{
	const struct features *f = &st->sig;
	return f->chars[j] >= CONTINUED_CHARS && f->x[j][F_LINK_DENSITY] < CONTINUED_LINKS;
}

bool
auto_running_prose(const struct auto_state *st, int j)
{
	return auto_continues(st, j) && st->sig.x[j][F_ENDS_PUNCT] != 0;
}

/* The article continued in sibling containers: a page builder sets each
 * paragraph or section in wrappers of its own, and the model, reading
 * the first as the article's core, leaves the others out.  A block of
 * text (auto_continues) that cc keeps, at the same tag path (the tags
 * from the root, not their positions) as running prose that is kept, is
 * kept too (reason continued). */
static void
keep_continued(const struct dom *d, struct auto_state *st, struct decision *dc)
{
	const struct features *f = &st->sig;
	uint64_t *kept = xmalloc(((size_t)f->nblocks + 1) * sizeof *kept);
	size_t nk = 0;
	uint64_t *ph = NULL;
	for (int j = 0; j < f->nblocks; j++) {
		int b = f->block[j];
		if (!dc->content[b] || !auto_running_prose(st, j))
			continue;
		if (!ph)
			ph = auto_tag_paths(d);
		kept[nk++] = ph[b];
	}
	if (nk > 0) {
		qsort(kept, nk, sizeof *kept, u64_cmp);
		for (int j = 0; j < f->nblocks; j++) {
			int b = f->block[j];
			if (may_add(st, dc, j) && auto_continues(st, j) &&
			    f->x[j][F_CC_CONTENT] != 0 &&
			    f->x[j][F_COMMENT] == 0 &&
			    bsearch(&ph[b], kept, nk, sizeof *kept, u64_cmp)) {
				dc->content[b] = 1;
				dc->reason[b] = REASON_CONTINUED;
			}
		}
	}
	free(kept);
	free(ph);
}

/* The hash of block j's text where it is one short link alone, else 0. */
static uint64_t
control_hash(const struct dom *d, const struct features *f, int j, struct buf *tx)
{
	if (f->chars[j] == 0 || f->chars[j] >= CONTROL_CHARS || f->x[j][F_LINK_DENSITY] < 1)
		return 0;
	block_text(d, f->block[j], tx);
	uint64_t h = hash_bytes(tx->data, tx->len);
	return h ? h : 1;
}

/* Per block of sig, how many blocks of one short link alone share its
 * text (0 for a block that is not one), into n. */
static void
control_counts(const struct dom *d, const struct features *f, int *n)
{
	struct buf tx;
	buf_init(&tx);
	uint64_t *hs = xmalloc(((size_t)f->nblocks + 1) * sizeof *hs);
	uint64_t *sorted = xmalloc(((size_t)f->nblocks + 1) * sizeof *sorted);
	size_t nh = 0;
	for (int j = 0; j < f->nblocks; j++)
		if ((hs[j] = control_hash(d, f, j, &tx)) != 0)
			sorted[nh++] = hs[j];
	qsort(sorted, nh, sizeof *sorted, u64_cmp);
	for (int j = 0; j < f->nblocks; j++) {
		n[j] = 0;
		if (!hs[j])
			continue;
		const uint64_t *at = bsearch(&hs[j], sorted, nh, sizeof *sorted, u64_cmp);
		while (at > sorted && at[-1] == hs[j])
			at--;
		while (at + n[j] < sorted + nh && at[n[j]] == hs[j])
			n[j]++;
	}
	free(sorted);
	free(hs);
	buf_free(&tx);
}

/* On a documentation page, and on a service page that names no date,
 * the blocks between two kept blocks are kept where every one of them
 * may be added (may_add: shown, in no nav, header, footer, aside, form
 * or menu, not after the article's end, no repeat; a hidden or empty
 * block is passed over): a reference runs on between the paragraphs the
 * model keeps, through the signatures, the parameters' lines and the
 * names it takes for a menu's, and a service's page through its
 * sections' short lines.  Reason between.  A control (CONTROL_CHARS)
 * is passed over too and left out: a reference's "source" beside each
 * signature, a service page's "Learn more" under each section. */
static void
keep_between(const struct dom *d, struct auto_state *st, struct decision *dc)
{
	const struct features *f = &st->sig;
	int last = -1;
	for (int j = 0; j < f->nblocks; j++) {
		if (!dc->content[f->block[j]])
			continue;
		bool fill = last >= 0 && j > last + 1;
		for (int i = last + 1; fill && i < j; i++)
			fill = f->chars[i] == 0 || st->hidden[i] || may_add(st, dc, i);
		for (int i = last + 1; fill && i < j; i++) {
			if (!may_add(st, dc, i))
				continue;
			if (pass_control(st, i))
				continue;
			dc->content[f->block[i]] = 1;
			dc->reason[f->block[i]] = REASON_BETWEEN;
		}
		last = j;
	}
}

/* Where the model and the rules above kept nothing, every block a rule
 * may add is kept (may_add: shown, in no nav, header, footer, aside,
 * form or menu, not after the article's end, no repeat) but a block of
 * links alone (KIND_LINKS: a menu's): a page of short lines of links
 * and names, an index or a list of contributors, that cc, too, finds no
 * content in.  A page whose text is all in the site's regions or in
 * links alone (a shell whose scripts bring the rest) stays empty,
 * and so does a page whose kind the user set (auto.kind), which keeps
 * what that kind keeps.  Reason fallback. */
static void
keep_fallback(struct auto_state *st, struct decision *dc)
{
	const struct features *f = &st->sig;
	for (int j = 0; j < f->nblocks; j++)
		if (dc->content[f->block[j]])
			return;
	for (int j = 0; j < f->nblocks; j++)
		if (may_add(st, dc, j) && f->x[j][F_LINK_DENSITY] < KIND_LINKS) {
			dc->content[f->block[j]] = 1;
			dc->reason[f->block[j]] = REASON_FALLBACK;
		}
}

int
auto_item_list(const struct dom *d, const struct features *f, int j)
{
	int b = f->block[j], p = d->parent[b];
	if (p < 0)
		return -1;
	if (!strcmp(dom_tagname(d, b), "li"))
		return p;
	/* an li's one block: a card's title and text are not an item */
	if (strcmp(dom_tagname(d, p), "li") != 0 || (j > 0 && f->block[j - 1] >= p) ||
	    (j + 1 < f->nblocks && f->block[j + 1] < d->end[p]))
		return -1;
	return d->parent[p];
}

int
auto_item_kept(const struct dom *d, const struct auto_state *st, const struct decision *dc, int j)
{
	const struct features *f = &st->sig;
	int l = auto_item_list(d, f, j);
	for (int k = 0; l >= 0 && k < f->nblocks; k++) {
		int e = f->block[k];
		if (k != j && dc->content[e] && dc->reason[e] == REASON_AUTO &&
		    auto_item_list(d, f, k) == l)
			return e;
	}
	return -1;
}

/* A list is read as one: where the model kept an item of a list for
 * itself (reason auto, not a rule's), the items of that list it dropped
 * are kept too, where a rule after the model may add them (may_add) and,
 * on an article, under LIST_LINKS of them links (an article's list of
 * links is its related stories or its share buttons; a listing's, a
 * thread's or a shop's is what the page lists).  The model weighs each
 * item alone: it keeps a specification list's or a list of steps' long
 * items and takes the short ones ("Memory: 4 GB RAM") for chrome.  After
 * every other rule, so that what they drop stays dropped.  Reason item.
 * dc->scratch marks the lists. */
static void
keep_items(const struct dom *d, struct auto_state *st, struct decision *dc, enum page_kind kind)
{
	const struct features *f = &st->sig;
	int *kept = dc->scratch;
	for (int j = 0; j < f->nblocks; j++) {
		int l = auto_item_list(d, f, j);
		if (l >= 0)
			kept[l] = 0;
	}
	for (int j = 0; j < f->nblocks; j++) {
		int b = f->block[j], l = auto_item_list(d, f, j);
		if (l >= 0 && dc->content[b] && dc->reason[b] == REASON_AUTO)
			kept[l] = 1;
	}
	for (int j = 0; j < f->nblocks; j++) {
		int b = f->block[j], l = auto_item_list(d, f, j);
		if (l >= 0 && kept[l] && dc->reason[b] == REASON_NOISE && may_add(st, dc, j) &&
		    (kind != KIND_ARTICLE || f->x[j][F_LINK_DENSITY] < LIST_LINKS)) {
			dc->content[b] = 1;
			dc->reason[b] = REASON_ITEM;
		}
	}
}

/* An anchor for a listing's title: a kept block that keep_headings,
 * keep_titles or the fallback did not keep (where the fallback keeps
 * blocks, nothing else was kept, and it leaves links alone out). */
static bool
title_anchor(const struct decision *dc, int b)
{
	return dc->content[b] && dc->reason[b] != REASON_HEADING && dc->reason[b] != REASON_TITLE &&
	       dc->reason[b] != REASON_FALLBACK;
}

void
auto_title_between(const struct auto_state *st, const struct decision *dc, int j,
		   int *prev, int *next)
{
	const struct features *f = &st->sig;
	*prev = *next = -1;
	for (int k = j - 1; k >= 0 && *prev < 0; k--)
		if (title_anchor(dc, f->block[k]))
			*prev = f->block[k];
	for (int k = j + 1; k < f->nblocks && *next < 0; k++)
		if (title_anchor(dc, f->block[k]))
			*next = f->block[k];
}

/* A listing's entries are titled, and each title links to its entry:
 * a heading the model dropped for its links (HEADING_LINKS or more of
 * its text, which keep_headings leaves) that lies between kept blocks
 * is an entry's title, and is kept where a rule after the model may add
 * a block (may_add).  The model reads a heading of links as a menu's;
 * keep_headings keeps a heading over the block it heads, and an entry's
 * title heads its picture, its price or its date as often as its
 * summary.  Between kept blocks: the related entries after the listing,
 * the filters before it, stay out.  Reason title. */
static void
keep_titles(struct auto_state *st, struct decision *dc)
{
	const struct features *f = &st->sig;
	/* the first and the last anchor: the titles are kept between them */
	int first = -1, last = -1;
	for (int j = 0; j < f->nblocks; j++)
		if (title_anchor(dc, f->block[j])) {
			first = first < 0 ? j : first;
			last = j;
		}
	for (int j = first + 1; first >= 0 && j < last; j++) {
		int b = f->block[j];
		if (f->x[j][F_TAG_HEADING] != 0 && f->x[j][F_LINK_DENSITY] >= HEADING_LINKS &&
		    dc->reason[b] == REASON_NOISE && may_add(st, dc, j)) {
			dc->content[b] = 1;
			dc->reason[b] = REASON_TITLE;
		}
	}
}

/* Whether element i is an e-mail field (auto-decide.h: SIGNUP_CHARS). */
static bool
email_field(const struct dom *d, int i, int input)
{
	if (d->tag[i] != input)
		return false;
	const char *type = dom_attr(d, i, "type");
	if (type && !strcasecmp(type, "email"))
		return true;
	if (type && strcasecmp(type, "text") != 0)
		return false;
	static const char *const names[] = { "name", "id", "placeholder", "autocomplete" };
	for (size_t k = 0; k < sizeof names / sizeof names[0]; k++) {
		const char *v = dom_attr(d, i, names[k]);
		if (v && (ascii_casestr(v, "email") || ascii_casestr(v, "e-mail")))
			return true;
	}
	return false;
}

/* The first of the blocks of f at or after element e. */
static int
first_block_from(const struct features *f, int e)
{
	int lo = 0, hi = f->nblocks;
	while (lo < hi) {
		int mid = lo + (hi - lo) / 2;
		if (f->block[mid] < e)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* Whether elements [from, to) hold no h1 and blocks [jfrom, jto) of f
 * none over SIGNUP_LINE. */
static bool
signup_fits(const struct dom *d, const struct features *f, int h1, int from, int to,
	    int jfrom, int jto)
{
	for (int e = from; e < to; e++)
		if (d->tag[e] == h1)
			return false;
	for (int j = jfrom; j < jto; j++)
		if (f->chars[j] > SIGNUP_LINE)
			return false;
	return true;
}

/* The sign-up box around e-mail field i (auto-decide.h), -1 for none:
 * each ancestor in turn below body (and html), reading only what it
 * holds beyond the one before, so a deep page is read once.  Whether an
 * ancestor fits is its subtree's alone: *failed, the last that did not,
 * is not read again for the next field (a thousand fields in one big
 * form of little text). */
static int
signup_box(const struct dom *d, const struct auto_state *st, int i, int h1, int *failed)
{
	const struct features *f = &st->sig;
	int box = -1, in = i;
	int jlo = first_block_from(f, i), jhi = first_block_from(f, d->end[i]);
	for (int a = d->parent[i]; a >= 0 && a != d->body && d->parent[a] >= 0 &&
	     text_chars(st->m, a) <= SIGNUP_CHARS && a != *failed; a = d->parent[a]) {
		int alo = first_block_from(f, a), ahi = first_block_from(f, d->end[a]);
		if (!signup_fits(d, f, h1, a, in, alo, jlo) ||
		    !signup_fits(d, f, h1, d->end[in], d->end[a], jhi, ahi)) {
			*failed = a;
			break;
		}
		box = in = a;
		jlo = alo;
		jhi = ahi;
	}
	return box;
}

int
auto_signup_field(const struct dom *d, const struct auto_state *st, int e, int *box)
{
	int input = dom_tag_id(d, "input"), h1 = dom_tag_id(d, "h1"), failed = -1;
	for (int i = 0; i < d->n; i++) {
		if (!email_field(d, i, input))
			continue;
		int b = signup_box(d, st, i, h1, &failed);
		if (b >= 0 && dom_contains(d, b, e)) {
			if (box)
				*box = b;
			return i;
		}
	}
	return -1;
}

/* What a sign-up box holds is the box's, not the page's content: its
 * heading, its pitch ("Get the latest news in your inbox"), its privacy
 * note.  The model weighs them as short text like any other, and a rule
 * may have kept them beside what it kept.  Last, over every rule's
 * blocks; not where the boxes hold all that was kept (a page of a
 * contact form and a few lines: the box is the page).  Reason signup.
 * The boxes are subtrees, nested or apart: kept in document order, the
 * outermost only, they are walked beside the blocks. */
static void
drop_signups(const struct dom *d, const struct auto_state *st, struct decision *dc)
{
	const struct features *f = &st->sig;
	int input = dom_tag_id(d, "input"), h1 = dom_tag_id(d, "h1");
	int *box = NULL, nbox = 0, failed = -1;
	for (int i = 0; i < d->n; i++) {
		/* a field inside the last box has that box: every ancestor up
		 * to it fits, as the box does, and the one above it did not */
		if (nbox > 0 && i < d->end[box[nbox - 1]])
			continue;
		int b = email_field(d, i, input) ? signup_box(d, st, i, h1, &failed) : -1;
		if (b < 0)
			continue;
		/* a box around the ones before it takes their place; one
		 * inside the last is in it */
		while (nbox > 0 && b <= box[nbox - 1])
			nbox--;
		if (nbox > 0 && b < d->end[box[nbox - 1]])
			continue;
		box = xreallocarray(box, (size_t)nbox + 1, sizeof *box);
		box[nbox++] = b;
	}
	bool beside = false;
	for (int j = 0, r = 0; nbox > 0 && j < f->nblocks && !beside; j++) {
		int e = f->block[j];
		while (r < nbox && d->end[box[r]] <= e)
			r++;
		beside = dc->content[e] && (r == nbox || e < box[r]);
	}
	for (int r = 0; beside && r < nbox; r++)
		for (int e = box[r]; e < d->end[box[r]]; e++)
			if (dc->content[e]) {
				dc->content[e] = 0;
				dc->reason[e] = REASON_SIGNUP;
			}
	free(box);
}

void
decide_auto(const struct dom *d, struct auto_state *st, const struct params *p,
	    struct decision *dc)
{
	struct features *f = &st->sig;
	/* a kind set by the user is the page's: the thread stage looks for
	 * posts only where it may be a thread */
	enum page_kind kind = p->auto_kind > 0 ? (enum page_kind)(p->auto_kind - 1) : f->kind;
	bool thread_on = p->auto_thread && (p->auto_kind == 0 || kind == KIND_FORUM);
	free(dc->text_drop);
	dc->text_drop = NULL;
	for (int i = 0; i < d->n; i++) {
		bool yes = st->score[i] >= p->auto_T;
		dc->content[i] = yes;
		dc->reason[i] = yes ? REASON_AUTO : REASON_NOISE;
		/* what the sibling pages alone lift (auto_site) */
		if (yes && st->score0 && st->score0[i] < p->auto_T)
			dc->reason[i] = REASON_SITE;
	}
	for (int i = 0; i < d->n; i++)
		st->dup_of[i] = -1;
	st->run_first = st->run_last = -1;
	st->by_date = st->by_sections = st->kind_grid = st->grid_alone = st->kind_main = false;
	memset(st->beside_main, 0, (size_t)f->nblocks);
	memset(st->after_end, 0, (size_t)f->nblocks);
	memset(st->off_run, 0, (size_t)f->nblocks);
	memset(st->control, 0, (size_t)f->nblocks * sizeof *st->control);
	st->kept_root = -1;
	st->grid_chars = st->grid_kept = 0;
	st->grid_cards = 0;
	if (p->auto_duplicate)
		drop_duplicates(d, st, dc, kind == KIND_DOCS);
	st->end_product = kind == KIND_PRODUCT;
	if (p->auto_grow && f->nblocks > 0) {
		/* The article ends at a heading over related stories or
		 * comments; what the heading heads does not compete for the
		 * run below. */
		if (p->auto_end)
			drop_after_end(d, st, dc);
		/* The article is one run of blocks in reading order: the run
		 * with the largest sum of (probability - T) x characters
		 * (Kadane), where a block in a footer, a nav, an aside or
		 * the like gains at AUTO_RUN_NEG of that: a footer's long
		 * footnote does not outweigh the page's own shorter text
		 * in main.  Content blocks outside it are dropped unless
		 * the model is very sure of them (a headline or lead set
		 * apart by a photo or a share bar). */
		double *v = f->scratch;
		for (int j = 0; j < f->nblocks; j++) {
			int r = dc->reason[f->block[j]];
			v[j] = r == REASON_DUPLICATE || r == REASON_END ? 0 :
			       (st->score[f->block[j]] - p->auto_T) * f->chars[j];
			if (v[j] > 0 && f->x[j][F_NEG_TAG] != 0)
				v[j] *= AUTO_RUN_NEG;
		}
		int bs, be;
		auto_best_run(v, f->nblocks, &bs, &be);
		if (be >= bs) {
			st->run_first = f->block[bs];
			st->run_last = f->block[be];
		}
		for (int j = 0; j < f->nblocks; j++) {
			int b = f->block[j];
			/* the run weighs the page's own evidence; a block
			 * the siblings lifted stands on theirs */
			if ((j < bs || j > be) && dc->content[b] && st->score[b] < SURE &&
			    dc->reason[b] != REASON_SITE) {
				dc->content[b] = 0;
				dc->reason[b] = REASON_OUTLIER;
			}
		}
	}
	/* a forum thread around what the model kept (keep_thread); then the
	 * repeats again, over every message: a reply's quote of an earlier
	 * post */
	st->thread_cache.refused_posts = 0;     /* what thread_find refuses, this time */
	if (thread_on && (thread_find(d, st->m, f->block, f->chars, f->nblocks, dc->content,
				      &st->thread, &st->thread_cache) || short_thread(d, st, dc))) {
		keep_thread(d, st, dc);
		if (p->auto_duplicate)
			drop_duplicates(d, st, dc, false);
		kind = KIND_FORUM;
	} else {
		/* a page of repeated items where no thread was found keeps
		 * them as a listing keeps its cards */
		thread_free(&st->thread);
		if (kind != KIND_ARTICLE)
			complete_grid(d, st, dc);
		if (kind == KIND_DOCS || kind == KIND_LISTING || kind == KIND_SERVICE ||
		    kind == KIND_FORUM || kind == KIND_PRODUCT || p->auto_kind == 0)
			keep_kind(d, st, kind, dc, p->auto_duplicate, p->auto_kind == 0);
		if (kind == KIND_LISTING || kind == KIND_PRODUCT)
			keep_main_items(d, st, dc);
	}
	if (p->auto_grow && st->thread.nposts == 0)
		keep_continued(d, st, dc);
	keep_runs(d, st, dc, REASON_CODE);
	keep_runs(d, st, dc, REASON_LIST);
	keep_headings(d, st, dc);
	if (p->auto_grow) {
		keep_tables(d, st, dc);
		/* a service page that names no date reads on as a
		 * reference does (keep_kind: st->dated) */
		bool undated = false;
		if (kind == KIND_SERVICE) {
			if (st->dated < 0)
				st->dated = extract_dated(d);
			undated = !st->dated;
		}
		if (kind == KIND_DOCS || undated)
			keep_between(d, st, dc);
		if (p->auto_kind == 0)
			keep_fallback(st, dc);
	}
	st->kind = kind;
	st->kind_set = p->auto_kind > 0;
	/* a repeat is dropped in favour of its first copy; when that copy
	 * went as an outlier, the text is kept here rather than lost */
	for (int j = 0; j < f->nblocks; j++) {
		int b = f->block[j], o = st->dup_of[b];
		if (dc->reason[b] == REASON_DUPLICATE && o >= 0 && !dc->content[o]) {
			dc->content[b] = 1;
			dc->reason[b] = REASON_AUTO;
			st->dup_of[b] = -1;
		}
	}
	keep_items(d, st, dc, kind);
	/* and the headings again, over what was kept since they were read:
	 * a table, a run between kept blocks, a list's items */
	keep_headings(d, st, dc);
	if (kind == KIND_LISTING)
		keep_titles(st, dc);
	drop_signups(d, st, dc);
}

void
auto_best_run(const double *v, int n, int *start, int *end)
{
	/* Kadane: the best run ending at j either extends the one ending at
	 * j-1 or starts afresh at j. */
	double best = 0, cur = 0;
	int cs = 0;
	*start = 0;
	*end = -1;
	for (int j = 0; j < n; j++) {
		if (cur <= 0) {
			cur = 0;
			cs = j;
		}
		cur += v[j];
		if (cur > best) {
			best = cur;
			*start = cs;
			*end = j;
		}
	}
}

double
auto_contributions(const struct auto_state *st, int e, double *contrib)
{
	const struct features *f = &st->sig;
	for (int j = 0; j < f->nblocks; j++) {
		if (f->block[j] != e)
			continue;
		if (st->stage == 1) {
			for (int k = 0; k < F_COUNT; k++)
				contrib[k] = k < F_BASE_COUNT ?
					     (double)st->model->stage1[k] * f->x[j][k] : 0;
		} else {
			tree_shares(st->model, f->x[j], contrib);
		}
		return st->score[e];
	}
	return -1;
}

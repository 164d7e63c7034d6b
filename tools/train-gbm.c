/* train-gbm.c - gradient-boosted regression trees for a weighted binary
 * label, the learner behind auto's second stage (tools/train-auto.py
 * drives it; it is not part of pith).
 *
 *   train-gbm [--trees N] [--rate R] [--leaves L] [--depth D]
 *             [--min-leaf M] [--l2 LAMBDA] < ROWS > MODEL
 *
 * ROWS: a line "n dim", then n lines "weight label x_1 ... x_dim".
 * MODEL: "base B", then per tree "tree T NODES" and one line per node,
 * "feature threshold left right value" (feature -1 and children -1 on a
 * leaf; a sample goes left when x[feature] <= threshold).  The model's
 * logit is B plus the value of the leaf each tree sends the sample to;
 * an inner node's value is what it would give as a leaf, so the steps
 * along a path share the leaf's value among the features split on.
 *
 * Logistic loss, second-order leaf values -G/(H + lambda) times the rate,
 * leaves grown best gain first up to L leaves and depth D, features cut
 * into at most 255 bins by value.  Deterministic: no sampling. */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_BINS 255

struct opts {
	int trees, leaves, depth, min_leaf;
	double rate, l2;
};

struct node {
	int feature, left, right, depth;
	float threshold;
	double value;
	int *idx, n;            /* the samples, while it is a leaf */
	/* its best split, found once */
	double gain;
	int split_feature, split_bin;
};

static void __attribute__((noreturn, format(printf, 1, 2)))
die(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	fputs("train-gbm: ", stderr);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
	va_end(ap);
	exit(1);
}

static void *
xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);
	if (!p)
		die("out of memory");
	return p;
}

static int
cmp_float(const void *a, const void *b)
{
	float x = *(const float *)a, y = *(const float *)b;
	return x < y ? -1 : x > y;
}

/* Bin upper edges of one feature: every distinct value when there are few,
 * else values at even ranks.  Returns the number of bins. */
static int
make_bins(const float *col, int n, float *edge)
{
	float *v = xmalloc((size_t)n * sizeof *v);
	memcpy(v, col, (size_t)n * sizeof *v);
	qsort(v, (size_t)n, sizeof *v, cmp_float);
	int distinct = 0;
	for (int i = 0; i < n; i++)
		if (i == 0 || v[i] != v[i - 1])
			v[distinct++] = v[i];
	int nb = 0;
	if (distinct <= MAX_BINS) {
		for (int i = 0; i < distinct; i++)
			edge[nb++] = v[i];
	} else {
		/* ranks over the sorted column itself, not the distinct values */
		memcpy(v, col, (size_t)n * sizeof *v);
		qsort(v, (size_t)n, sizeof *v, cmp_float);
		for (int k = 1; k < MAX_BINS; k++) {
			float e = v[(long)k * n / MAX_BINS - 1];
			if (nb == 0 || e > edge[nb - 1])
				edge[nb++] = e;
		}
		if (v[n - 1] > edge[nb - 1])
			edge[nb++] = v[n - 1];
	}
	free(v);
	return nb;
}

static uint8_t
bin_of(const float *edge, int nb, float x)
{
	int lo = 0, hi = nb - 1;        /* first edge >= x */
	while (lo < hi) {
		int mid = (lo + hi) / 2;
		if (edge[mid] >= x)
			hi = mid;
		else
			lo = mid + 1;
	}
	return (uint8_t)lo;
}

struct data {
	int n, dim;
	float *x;               /* n x dim */
	double *w, *y;
	uint8_t *bin;           /* n x dim */
	float (*edge)[MAX_BINS];
	int *nbins;
	double *g, *h;
};

static double
leaf_value(double G, double H, const struct opts *o)
{
	return -G / (H + o->l2) * o->rate + 0.0;       /* never -0 */
}

/* The best split of a leaf over every feature; gain 0 when none. */
static void
best_split(const struct data *D, struct node *nd, const struct opts *o)
{
	static double hg[MAX_BINS], hh[MAX_BINS];
	static int hn[MAX_BINS];
	double G = 0, H = 0;
	for (int i = 0; i < nd->n; i++) {
		G += D->g[nd->idx[i]];
		H += D->h[nd->idx[i]];
	}
	double parent = G * G / (H + o->l2);
	nd->gain = 0;
	nd->split_feature = -1;
	if (nd->n < 2 * o->min_leaf || nd->depth >= o->depth)
		return;
	for (int f = 1; f < D->dim; f++) {      /* column 0 is the constant bias */
		int nb = D->nbins[f];
		if (nb < 2)
			continue;
		memset(hg, 0, (size_t)nb * sizeof *hg);
		memset(hh, 0, (size_t)nb * sizeof *hh);
		memset(hn, 0, (size_t)nb * sizeof *hn);
		for (int i = 0; i < nd->n; i++) {
			int s = nd->idx[i];
			int b = D->bin[(size_t)s * D->dim + f];
			hg[b] += D->g[s];
			hh[b] += D->h[s];
			hn[b]++;
		}
		double GL = 0, HL = 0;
		int nl = 0;
		for (int b = 0; b < nb - 1; b++) {
			GL += hg[b];
			HL += hh[b];
			nl += hn[b];
			int nr = nd->n - nl;
			double GR = G - GL, HR = H - HL;
			if (nl < o->min_leaf)
				continue;
			if (nr < o->min_leaf)
				break;
			if (HL < 1e-3 || HR < 1e-3)
				continue;
			double gain = GL * GL / (HL + o->l2) + GR * GR / (HR + o->l2) - parent;
			if (gain > nd->gain + 1e-12) {
				nd->gain = gain;
				nd->split_feature = f;
				nd->split_bin = b;
			}
		}
	}
}

static int
grow(const struct data *D, const struct opts *o, double *raw, FILE *out, int t)
{
	struct node *nodes = xmalloc((size_t)(2 * o->leaves) * sizeof *nodes);
	int nn = 1, nleaves = 1;
	struct node *root = &nodes[0];
	memset(root, 0, sizeof *root);
	root->feature = root->left = root->right = -1;
	root->idx = xmalloc((size_t)D->n * sizeof *root->idx);
	root->n = D->n;
	for (int i = 0; i < D->n; i++)
		root->idx[i] = i;
	double G = 0, H = 0;
	for (int i = 0; i < D->n; i++)
		G += D->g[i], H += D->h[i];
	root->value = leaf_value(G, H, o);
	best_split(D, root, o);

	while (nleaves < o->leaves) {
		int at = -1;
		for (int k = 0; k < nn; k++)
			if (nodes[k].feature < 0 && nodes[k].split_feature >= 0 &&
			    (at < 0 || nodes[k].gain > nodes[at].gain))
				at = k;
		if (at < 0)
			break;
		struct node *p = &nodes[at];
		int f = p->split_feature, b = p->split_bin;
		struct node *l = &nodes[nn], *r = &nodes[nn + 1];
		memset(l, 0, sizeof *l);
		memset(r, 0, sizeof *r);
		l->feature = l->left = l->right = r->feature = r->left = r->right = -1;
		l->depth = r->depth = p->depth + 1;
		l->idx = xmalloc((size_t)p->n * sizeof *l->idx);
		r->idx = xmalloc((size_t)p->n * sizeof *r->idx);
		double GL = 0, HL = 0, GR = 0, HR = 0;
		for (int i = 0; i < p->n; i++) {
			int s = p->idx[i];
			if (D->bin[(size_t)s * D->dim + f] <= b) {
				l->idx[l->n++] = s;
				GL += D->g[s], HL += D->h[s];
			} else {
				r->idx[r->n++] = s;
				GR += D->g[s], HR += D->h[s];
			}
		}
		l->value = leaf_value(GL, HL, o);
		r->value = leaf_value(GR, HR, o);
		p->feature = f;
		p->threshold = D->edge[f][b];
		p->left = nn;
		p->right = nn + 1;
		free(p->idx);
		p->idx = NULL;
		nn += 2;
		nleaves++;
		best_split(D, l, o);
		best_split(D, r, o);
	}

	fprintf(out, "tree %d %d\n", t, nn);
	for (int k = 0; k < nn; k++) {
		struct node *nd = &nodes[k];
		fprintf(out, "%d %.9g %d %d %.9g\n", nd->feature,
			nd->feature >= 0 ? (double)nd->threshold : 0.0, nd->left, nd->right,
			nd->value);
		if (nd->feature < 0) {
			for (int i = 0; i < nd->n; i++)
				raw[nd->idx[i]] += nd->value;
			free(nd->idx);
		}
	}
	free(nodes);
	return nn;
}

static int
parse_opts(int argc, char **argv, struct opts *o)
{
	*o = (struct opts){ .trees = 300, .rate = 0.05, .leaves = 15, .depth = 4,
			    .min_leaf = 20, .l2 = 0 };
	for (int i = 1; i < argc; i++) {
		if (i + 1 >= argc)
			return -1;
		const char *a = argv[i], *v = argv[++i];
		char *end;
		errno = 0;
		double d = strtod(v, &end);
		if (*end || errno || d < 0)
			return -1;
		if (!strcmp(a, "--trees"))
			o->trees = (int)d;
		else if (!strcmp(a, "--rate"))
			o->rate = d;
		else if (!strcmp(a, "--leaves"))
			o->leaves = (int)d;
		else if (!strcmp(a, "--depth"))
			o->depth = (int)d;
		else if (!strcmp(a, "--min-leaf"))
			o->min_leaf = (int)d;
		else if (!strcmp(a, "--l2"))
			o->l2 = d;
		else
			return -1;
	}
	return o->trees >= 1 && o->leaves >= 2 && o->depth >= 1 && o->min_leaf >= 1 &&
	       o->rate > 0 ? 0 : -1;
}

int
main(int argc, char **argv)
{
	struct opts o;
	if (parse_opts(argc, argv, &o) < 0) {
		fputs("usage: train-gbm [--trees N] [--rate R] [--leaves L] [--depth D] "
		      "[--min-leaf M] [--l2 LAMBDA] < ROWS > MODEL\n", stderr);
		return 2;
	}
	struct data D = { 0 };
	if (scanf("%d %d", &D.n, &D.dim) != 2 || D.n < 1 || D.dim < 2 ||
	    D.n > 50000000 / D.dim)
		die("stdin: expected \"n dim\" first");
	size_t nx = (size_t)D.n * D.dim;
	D.x = xmalloc(nx * sizeof *D.x);
	D.w = xmalloc((size_t)D.n * sizeof *D.w);
	D.y = xmalloc((size_t)D.n * sizeof *D.y);
	for (int i = 0; i < D.n; i++) {
		if (scanf("%lf %lf", &D.w[i], &D.y[i]) != 2 || !(D.w[i] >= 0) ||
		    (D.y[i] != 0 && D.y[i] != 1))
			die("stdin: row %d: bad weight or label", i + 1);
		for (int k = 0; k < D.dim; k++)
			if (scanf("%f", &D.x[(size_t)i * D.dim + k]) != 1 ||
			    !isfinite(D.x[(size_t)i * D.dim + k]))
				die("stdin: row %d: bad value", i + 1);
	}

	D.edge = xmalloc((size_t)D.dim * sizeof *D.edge);
	D.nbins = xmalloc((size_t)D.dim * sizeof *D.nbins);
	D.bin = xmalloc(nx);
	float *col = xmalloc((size_t)D.n * sizeof *col);
	for (int k = 0; k < D.dim; k++) {
		for (int i = 0; i < D.n; i++)
			col[i] = D.x[(size_t)i * D.dim + k];
		D.nbins[k] = make_bins(col, D.n, D.edge[k]);
		for (int i = 0; i < D.n; i++)
			D.bin[(size_t)i * D.dim + k] = bin_of(D.edge[k], D.nbins[k], col[i]);
	}
	free(col);

	double sw = 0, swy = 0;
	for (int i = 0; i < D.n; i++)
		sw += D.w[i], swy += D.w[i] * D.y[i];
	if (swy <= 0 || swy >= sw)
		die("stdin: every row has the same label");
	double base = log(swy / (sw - swy));
	double *raw = xmalloc((size_t)D.n * sizeof *raw);
	D.g = xmalloc((size_t)D.n * sizeof *D.g);
	D.h = xmalloc((size_t)D.n * sizeof *D.h);
	for (int i = 0; i < D.n; i++)
		raw[i] = base;
	printf("base %.9g\n", base);
	for (int t = 0; t < o.trees; t++) {
		for (int i = 0; i < D.n; i++) {
			double p = 1 / (1 + exp(-raw[i]));
			D.g[i] = D.w[i] * (p - D.y[i]);
			D.h[i] = D.w[i] * p * (1 - p);
		}
		grow(&D, &o, raw, stdout, t);
	}
	if (fflush(stdout) || ferror(stdout))
		die("stdout: write error");
	free(raw);
	free(D.g);
	free(D.h);
	free(D.x);
	free(D.w);
	free(D.y);
	free(D.bin);
	free(D.edge);
	free(D.nbins);
	return 0;
}

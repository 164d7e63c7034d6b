/* auto-model.h - the auto method's model as data: a first-stage logistic
 * weight vector and a second stage of boosted regression trees, read
 * from the text format tools/train-auto.py writes (src/method/auto-model.txt):
 *
 *   # comment lines and blank lines anywhere
 *   features N NAME_0 ... NAME_N-1     the signals the model knows
 *   stage1 M                           then M lines "NAME WEIGHT"
 *   base B
 *   tree T K                           T = 0, 1, ...; then K node lines
 *   FEATURE THRESHOLD LEFT RIGHT VALUE
 *   site S                             optional, last: then S lines
 *   NAME WEIGHT                        "NAME WEIGHT" of the site stage
 *
 * Signals go by name: the features line names any of pith's signals in
 * any order, and a node's FEATURE is an index into that line (read into
 * pith's own index); a signal pith has and the model does not name is
 * one no tree tests, so adding a signal keeps old models good.  The first
 * stage names any of pith's first-stage signals; one not named weighs 0.
 * The "base" and "tree" lines are what tools/train-gbm prints.  The site
 * stage (with sibling pages only) is a logistic model over SITE_SIGNALS,
 * named in any order, one not named weighing 0; a model without it gives
 * the siblings no say but the template rule's (doc/algorithms.md); its
 * lines are what tools/train-site.py prints.  A node's
 * children are indices within its tree, after the node itself; a leaf has
 * feature -1 and children -1.
 *
 * auto_model_builtin is src/method/auto-model.txt turned into C by the build
 * (tools/gen-model).  auto_model_parse() returns a model the caller owns
 * (auto_model_free), or NULL with "line N: reason" in err; it checks
 * every count, index and number, so any bytes are safe to give it.
 * auto_model_keep() (auto-decide.c) is the auto.model parameter's loader,
 * named in its row of the parameter table (auto.c). */
#ifndef PITH_AUTO_MODEL_H
#define PITH_AUTO_MODEL_H

#include <stddef.h>

/* One node of the second stage's trees: a sample goes to left when
 * x[feature] <= threshold, else to right; a leaf has feature -1.  value is
 * the node's output as if it were a leaf, so along a path each split's
 * step (child's value minus parent's) is the share of its feature. */
struct auto_node {
	int feature;
	float threshold;
	int left, right;        /* indices into the model's nodes[] */
	float value;
};

/* The site stage's signals, X(ID, name, meaning): what a block's sibling
 * pages say of it, beside what the page alone said (auto.c). */
#define SITE_SIGNALS(X) \
	X(BIAS,    "bias", "the constant 1") \
	X(LOGIT,   "logit", "the block's logit from the page alone, within +-8") \
	X(TEXT,    "text", "share of the sibling pages that hold all of its text") \
	X(PATH,    "path", "share of the sibling pages with a block at its path") \
	X(VARY,    "vary", "of the sibling pages with a block at its path, the share where its text differs") \
	X(HEAD_VARY, "head_vary", "vary, for a heading (h1-h6); 0 for other blocks") \
	X(H1_VARY, "h1_vary", "vary, for an h1; 0 for other blocks") \
	X(LINKS,   "links", "link characters / all characters, own text") \
	X(SHORT,   "short", "1 / (1 + characters / 40) of its own text")

enum site_signal {
#define S_ENUM(id, name, what) S_##id,
	SITE_SIGNALS(S_ENUM)
#undef S_ENUM
	S_COUNT
};
extern const char *const site_signal_names[S_COUNT];
extern const char *const site_signal_meanings[S_COUNT];

struct auto_model {
	int nfeatures, nbase;   /* pith's F_COUNT and F_BASE_COUNT */
	const float *stage1;    /* nbase weights */
	float base;             /* the second stage's logit before any tree */
	int ntrees, nnodes;
	const int *roots;       /* each tree's root in nodes[] */
	const struct auto_node *nodes;
	const float *site;      /* S_COUNT weights, NULL: no site stage */
};

/* Bounds on what a model file may hold. */
#define AUTO_MODEL_MAX_FEATURES 254    /* a features line's words, less two */
#define AUTO_MODEL_MAX_TREES 10000
#define AUTO_MODEL_MAX_TREE_NODES 65535
#define AUTO_MODEL_MAX_NODES (1 << 21)

extern const struct auto_model auto_model_builtin;

/* Parse text[0..len) against pith's feature names (nfeatures of them, the
 * first nbase the first stage's). */
struct auto_model *auto_model_parse(const char *text, size_t len,
				    const char *const *names, int nfeatures, int nbase,
				    char *err, size_t errlen);
void auto_model_free(struct auto_model *m);

/* Read and check the model file at path once for the process's life (a
 * file already kept is not read again); returns the kept copy of path, to
 * be handed to auto_model_find(), or NULL with "PATH: reason" in err. */
const char *auto_model_keep(const char *path, char *err, size_t errlen);

#endif

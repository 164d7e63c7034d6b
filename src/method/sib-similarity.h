/* sib-similarity.h - page and block similarity for the same-site methods.
 *
 * Simple tree matching (doc/algorithms.md#ent): stm_match() is the maximum
 * matching of two ordered labelled trees in which matched nodes share
 * labels and matched nodes' parents are matched (Yang 1991), by the usual
 * dynamic programme over the children sequences, O(|A| |B|) time and
 * O(|B|) memory.  Trees are simplified
 * (elements only, skipped elements dropped) and capped at STM_MAX_NODES
 * nodes in document order and STM_MAX_DEPTH levels, so two big pages cost
 * at most about 10^8 cell updates (measured: 0.15 s for a 6,700-node page
 * against itself); stm_tree.truncated says when a cap cut.
 * stm_cluster() groups pages by greedy leader clustering in input order.
 *
 * Sibling-page noise removal (doc/algorithms.md#sib): sib_segment() cuts a page
 * into blocks, sib_string_build() writes a subtree as a depth-first node
 * string of (tag, depth, text), sib_match() fuzzy-matches a block's string
 * inside a sibling page's string with the normal / s_move / t_move states
 * and verifies each candidate (one subtree, same depth differences), and
 * sib_decide() marks the blocks found in any sibling as noise.
 *
 * Returned structs belong to the caller (the _free functions accept NULL);
 * they point into the dom they were built from, which must outlive them.
 * Nothing fails but allocation. */
#ifndef PITH_SIMILARITY_H
#define PITH_SIMILARITY_H

#include <stdint.h>

#include "method/cc-decide.h"
#include "dom.h"
#include "metrics.h"
#include "params.h"

#define STM_MAX_NODES 10000
#define STM_MAX_DEPTH 128

struct stm_tree {
	int n;
	uint32_t *label;        /* FNV-1a of the tag name */
	int *first_child;       /* -1 if none */
	int *next_sibling;      /* -1 if none */
	int truncated;          /* nodes left out by the caps */
};

/* The simplified tree of d (from its root element). */
struct stm_tree *stm_tree_new(const struct dom *d);
/* A tree from bracket notation, one letter per node: "a(b(c)d)". For tests
 * and examples; NULL on a syntax error. */
struct stm_tree *stm_tree_parse(const char *s);
void stm_tree_free(struct stm_tree *t);

int stm_match(const struct stm_tree *a, const struct stm_tree *b);
/* STM(A,B) / ((|A|+|B|)/2), 0 for two empty trees. */
double stm_similarity(const struct stm_tree *a, const struct stm_tree *b);
/* Greedy leader clustering: each tree in order joins the cluster whose
 * leader (first member) it is most similar to when that similarity is
 * >= threshold, else opens a new cluster.  cluster[i] gets 0.. in order
 * of appearance; leader[c] (may be NULL) the first member.  Returns the
 * number of clusters.  O(n * clusters) matchings. */
int stm_cluster(const struct stm_tree *const *t, int n, double threshold,
		int *cluster, int *leader);

/* ---- sibling-page noise removal ---- */

struct sib_node {
	uint32_t tag;           /* FNV-1a of the tag name */
	int depth;              /* relative to the string's root */
	int elem;               /* element id in its dom, -1 when hand-built */
	const char *text;       /* the element's own text, whitespace collapsed */
	int len;                /* its bytes */
	int chars;              /* its characters (code points) */
};

struct sib_string {
	struct sib_node *v;
	int n;
	long textlen;           /* sum of chars */
	struct buf pool;        /* the texts */
};

/* Subtree of root, elements in pre-order, skipped ones dropped. */
void sib_string_build(const struct dom *d, int root, struct sib_string *s);
/* From parallel arrays, for tests (texts may be NULL). */
void sib_string_from(struct sib_string *s, int n, const char *tags,
		     const int *depth, const char *const *texts);
void sib_string_free(struct sib_string *s);

struct sib_result {
	double tagsim, textsim;  /* of the best verified candidate */
	int start;               /* its root in the target, -1 if none */
	int candidates;          /* roots tried */
	int rejected;            /* candidates the verification refused */
};

/* One run of the fuzzy matcher with the block's root at target j0.
 * normal: equal tags match (and add their common text: common prefix plus
 * common suffix, in characters of whitespace-collapsed text) and both strings
 * advance; on a mismatch, s_move skips up to max source nodes looking for
 * the target's tag; failing that, positions are reset and t_move skips up
 * to max target nodes; failing that too, the source node stays unmatched
 * and matching goes on with the next one (state normal).  Tags only: the
 * depths are checked by sib_verify.  Matched pairs go to ps[]/pt[] (room
 * for S->n each); returns how many; *text gets the matched text length.
 * The target is read up to the end of T[j0]'s subtree. */
int sib_fuzzy(const struct sib_string *S, const struct sib_string *T, int j0,
	      int max, int *ps, int *pt, long *text);
/* The paper's verification: every matched target node lies in the subtree
 * of the first, and every pair has the same depth difference to its root. */
int sib_verify(const struct sib_string *S, const struct sib_string *T,
	       const int *ps, const int *pt, int np);
/* Search S in T; 1 when a verified candidate reaches alpha and beta, and
 * then r holds that candidate's figures, else the best one's.
 * Only target nodes with the block root's tag can start a match, and a run
 * is abandoned once alpha is out of reach; each source node costs at most
 * 2 sib.max + 1 steps, so a block costs O(|T| + c |S| (2 MAX + 1)) for c
 * candidate roots, against O(|T| |S|) for restarting at every position. */
int sib_match(const struct sib_string *S, const struct sib_string *T,
	      const struct params *p, struct sib_result *r);

/* Blocks of the page: blk[i] = 1 for a block root, 2 for a node the
 * segmentation descended through, 0 inside blocks / elsewhere.  Descends
 * from body while a node has a single element child (free) or its text is
 * spread over two or more block children (one level of sib.pdoc). */
void sib_segment(const struct dom *d, const struct metrics *m, int pdoc,
		 uint8_t *blk);

/* A template's slot whose content changes from page to page: a block
 * whose tags are found again, not its text, is noise when more than
 * sib.links of its text is link text (a "most read" box), or when it
 * holds two texts or more and none reaches sib.prose characters, white
 * space left out (a ticker's dates and counts, a web archive's toolbar:
 * no prose; a lone heading is the page's title). */
enum sib_slot { SIB_SLOT_NONE, SIB_SLOT_LINKS, SIB_SLOT_SHORT };
enum sib_slot sib_slot(const struct dom *d, const struct metrics *m, int b,
		       const struct params *p);

/* Decide the page against its sibling pages (body strings already built,
 * never the page itself).  tagsim/textsim (NULL to skip) get each block
 * root's figures, -1 elsewhere: those of the match that made it noise,
 * else the best over the siblings; by (NULL to skip) which sibling's
 * (its index in sibs), -1 for none.  head and what is in it are noise:
 * no block, never the page's text. */
void sib_decide(const struct dom *d, const struct metrics *m,
		const struct sib_string *const *sibs, int nsibs,
		const struct params *p, const uint8_t *pins,
		struct decision *dc, double *tagsim, double *textsim, int *by);

#endif

/* ent-entropy.h - the extraction path of the tree pre-pruning and information
 * entropy method (doc/algorithms.md#ent).
 *
 * entropy_find() starts at body and, at each node, prunes the children that
 * cannot hold content (head, style, script, link, img, iframe, form
 * controls, and those whose estimated width or height or whose non-link
 * text is 0), weighs the rest by the entropy-weight method over {height,
 * width, text}, and moves into the most important child while that child
 * is a container (an element with a non-phrasing element child) and the
 * importances pass the test of ent.stop:
 *   norm (default): the population variance of the m importances, rescaled
 *     to sum 1, over its largest possible value (m-1)/m^2 is at least
 *     ent.var: one child dominates.  (1 when one child holds everything, 0
 *     when all are equal; a single child left is always descended into.)
 *   paper: the raw population variance is below ent.var, the paper's
 *     words.  Since that maximum falls under 0.1 for m >= 10 and exceeds it
 *     for a dominant child among few, this test stops at body on a page of
 *     header, wrapper and footer; it is kept for teaching.
 * The node where it stops is the content root.
 *
 * An extraction path (struct ent_path) is that node written as steps from
 * body, each anchored by a stable @id, a class token or a position, and as
 * an XPath 1.0 expression other tools can evaluate; entropy_path_find()
 * applies it to another page of the same template.
 *
 * Returned structs are the caller's (entropy_free, entropy_path_free accept
 * NULL).  Nothing fails but allocation; a page without body yields stop -1. */
#ifndef PITH_ENTROPY_H
#define PITH_ENTROPY_H

#include <stdint.h>

#include "method/cc-decide.h"
#include "dom.h"
#include "method/ent-geometry.h"
#include "metrics.h"
#include "params.h"
#include "sitetext.h"

/* The attributes weighed, in this order. */
enum { ENT_HEIGHT, ENT_WIDTH, ENT_TEXT, ENT_NATTR };

struct entropy_step {
	int node;               /* whose children were weighed */
	int nkids;              /* children left after pruning */
	double w[ENT_NATTR];    /* entropy weights */
	double variance;        /* population variance of the importances */
	double vnorm;           /* the same over its maximum (m-1)/m^2, the
				 * importances rescaled to sum 1; 1 for m = 1 */
	int down;               /* the test of ent.stop said: go on */
	int best;               /* the most important child, -1 if none */
};

struct entropy {
	int n;
	double *ipt;            /* per element: importance among the kept
				 * children of a weighed node; -1 elsewhere */
	struct entropy_step *steps;
	int nsteps;
	int stop;               /* the content root (body at worst), -1 without body */
	const char *why;        /* why the descent stopped */
};

/* text: the text weighed per element (NULL: m->TA, its non-link text). */
struct entropy *entropy_find(const struct dom *d, const struct metrics *m,
			     const struct geometry *g, const struct params *p,
			     const double *text);
void entropy_free(struct entropy *e);

/* The maths, on a row-major m x k matrix x of positive values.
 * entropy_weights: w_j = (1 - e_j) / sum (1 - e_j), with
 * e_j = -(1/ln m) sum_i p_ij ln p_ij; for m = 1 every e_j is taken as 0
 * (one child carries all the information) and when every e_j is 1 the
 * weights are equal.  entropy_importance: ipt_i = sum_j w_j p_ij. */
void entropy_weights(const double *x, int m, int k, double *w);
void entropy_importance(const double *x, int m, int k, const double *w,
			double *ipt);
/* Population variance (divided by m); 0 for m <= 1. */
double entropy_variance(const double *v, int m);
/* var(v / sum v) / ((m-1)/m^2), in [0, 1]; 1 for m = 1 (one child holds
 * everything), 0 when the sum is 0. */
double entropy_variance_norm(const double *v, int m);
/* Does the descent go on past a node whose kept children have these
 * importances, by ent.stop and ent.var? */
int entropy_goes_down(const double *ipt, int m, const struct params *p);

/* Can child i never hold content (by tag, geometry or text)? */
int entropy_pruned(const struct dom *d, const struct metrics *m,
		   const struct geometry *g, const double *text, int i);
/* Has i a non-phrasing, non-skipped element child? */
int entropy_is_container(const struct dom *d, int i);

/* Content: the stop and its subtree (REASON_PATH); its ancestors are noise
 * with REASON_ABOVE, everything else REASON_NOISE; then the pins. */
void entropy_decide(const struct dom *d, int stop, const uint8_t *pins,
		    struct decision *dc);

/* ---- extraction paths ---- */

enum ent_pred { ENT_PRED_ID, ENT_PRED_CLASS, ENT_PRED_POS };

struct ent_pstep {
	char *tag;
	enum ent_pred pred;
	char *value;            /* id or class token; NULL for a position */
	int pos;                /* 1-based among same-tag siblings */
};

struct ent_path {
	struct ent_pstep *steps;   /* below body */
	int n;
	char *xpath;               /* XPath 1.0 */
	int nid, nclass, npos;     /* predicates of each kind used */
};

/* The path of element node (body or below) in d. */
struct ent_path *entropy_path_new(const struct dom *d, int node);
void entropy_path_free(struct ent_path *p);
/* The element the path names in d, or -1. */
int entropy_path_find(const struct ent_path *p, const struct dom *d);
/* "id", "class", "position" (the weakest kind used), "body" when empty. */
const char *entropy_path_kind(const struct ent_path *p);

/* ---- one path per template ---- */

/* Pages (doms[i] NULL for a page that failed to load) clustered by simple
 * tree matching at ent.sim; per cluster, the first page in input order is
 * the sample whose descent gives the cluster's path. */
struct entropy_site {
	struct site_text *text;  /* every page's text, to tell the template's */
	char **realpath;         /* per page, or NULL */
	int n, nclusters;
	int *cluster;            /* per page, -1 for a failed one */
	double *sim;             /* per page: similarity to its cluster's sample */
	int *sample;             /* per cluster */
	struct ent_path **path;  /* per cluster; NULL when its sample failed */
};

struct entropy_site *entropy_site_new(const struct dom *const *doms,
				      const struct metrics *const *ms, int n,
				      const struct params *p, char *const *paths);
/* The same a page at a time, so that no more than one page's tree need
 * be in memory: entropy_build_add for each of the n pages (d NULL for a
 * failed one; d is not kept), then entropy_build_end, which clusters and
 * asks reload for each cluster's sample again (reload(ctx, -1, ...) when
 * it is done with them; a sample that fails to load gets no path). */
struct entropy_build;
typedef int (*entropy_reload)(void *ctx, int i, const struct dom **d,
			      const struct metrics **m);
struct entropy_build *entropy_build_new(int n);
void entropy_build_add(struct entropy_build *b, int i, const struct dom *d, const char *path);
/* How many pages with a tree were added. */
int entropy_build_pages(const struct entropy_build *b);
struct entropy_site *entropy_build_end(struct entropy_build *b, const struct params *p,
				       entropy_reload reload, void *ctx);
void entropy_build_abandon(struct entropy_build *b);
void entropy_site_free(struct entropy_site *s);
/* The content root of page i: its cluster's path applied to d; when the
 * path names nothing there, the page's own descent and *fallback = 1. */
int entropy_site_stop(const struct entropy_site *s, int i, const struct dom *d,
		      const struct metrics *m, const struct params *p,
		      int *fallback);
/* Geometry and descent of one page on its own: the content root. */
int entropy_page_stop(const struct dom *d, const struct metrics *m,
		      const struct params *p, const double *text);

/* The nearest ancestor-or-self of stop that holds at least half of
 * text[body] (stop itself when text is NULL). */
int entropy_hold_half(const struct dom *d, const double *text, int stop);

/* The page's own text per element (n entries, malloc'd): its non-link
 * text less what stands on half the other pages of s (ent.own on; NULL
 * when off or there are no other pages).  self_path: the page's real
 * path, so that it is not its own sibling. */
double *entropy_own_text(const struct entropy_site *s, const struct dom *d,
			 const struct metrics *m, const struct params *p, const char *self_path);

#endif

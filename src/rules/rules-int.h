/* rules-int.h - what the rules*.c files share and nobody else needs: the
 * report of a rule's problem ("FILE:LINE: reason" to diag, counted in
 * *nerrors when not NULL), and the pieces of expression the writer and
 * the learner both build. */
#ifndef PITH_RULES_INT_H
#define PITH_RULES_INT_H

#include "rules/rules.h"

void rules_report(rules_diag diag, void *ctx, int *nerrors, const char *file, int line,
		  const char *fmt, ...) __attribute__((format(printf, 6, 7)));
/* An id or class token a site generated (ember123, css-1x2y3z, long
 * hashes) or one ending in a count (cnn_storypgraph42, item3): it changes
 * between pages, so nothing is anchored on it. */
bool rules_looks_generated(const char *s, size_t n);
/* The positional steps from anc (exclusive) down to e, "/div[2]/p[3]",
 * appended to out. */
void rules_steps_below(const struct dom *d, int anc, int e, struct buf *out);
/* The class tokens of cls worth anchoring on (quote-free, not
 * generated), at most max, as pointers into cls and lengths. */
int rules_class_tokens(const char *cls, const char **tok, size_t *len, int max);
/* "[contains(concat(' ',normalize-space(@class),' '),' TOK ')]" */
void rules_class_pred(struct buf *b, const char *tok, size_t n);

#endif

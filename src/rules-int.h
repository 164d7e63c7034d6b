/* rules-int.h - what the rules*.c files share and nobody else needs: the
 * report of a rule's problem ("FILE:LINE: reason" to diag, counted in
 * *nerrors when not NULL) and a strip_id_or_class value without quotes
 * (malloc'ed). */
#ifndef PITH_RULES_INT_H
#define PITH_RULES_INT_H

#include "rules.h"

void rules_report(rules_diag diag, void *ctx, int *nerrors, const char *file, int line,
		  const char *fmt, ...) __attribute__((format(printf, 6, 7)));
char *rules_unquoted(const char *v);

#endif

/* method.c - the table of methods. */
#include "config.h"

#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "method/method.h"

#define METHOD_PTR(n) &method_##n,
const struct method *const methods[] = { METHODS(METHOD_PTR) };
#undef METHOD_PTR
const int nmethods = (int)(sizeof methods / sizeof methods[0]);

enum reason
method_reason(const struct method *m, int k)
{
	int base = REASON_COUNT;
	for (int j = 0; j < nmethods && methods[j] != m; j++)
		base += methods[j]->nown_reasons;
	return (enum reason)(base + k);
}

static char names[256];

static void
join_names(void)
{
	for (int k = 0; k < nmethods; k++)
		snprintf(names + strlen(names), sizeof names - strlen(names), "%s%s",
			 k ? " " : "", methods[k]->name);
}

int
method_reasons(const struct method *m)
{
	return m->nreasons + m->nown_reasons;
}

enum reason
method_reason_at(const struct method *m, int r)
{
	return r < m->nreasons ? m->reasons[r] : method_reason(m, r - m->nreasons);
}

const char *
method_names(void)
{
	static pthread_once_t once = PTHREAD_ONCE_INIT;
	pthread_once(&once, join_names);
	return names;
}

const struct method *
method_find(const char *name)
{
	for (int k = 0; k < nmethods; k++)
		if (!strcmp(methods[k]->name, name))
			return methods[k];
	return NULL;
}

int
method_index(const struct method *m)
{
	for (int k = 0; k < nmethods; k++)
		if (methods[k] == m)
			return k;
	return 0;
}

void
explain_label(const struct explain *x, const struct dom *d, int i, struct buf *out)
{
	(x->label ? x->label : dom_label)(d, i, out);
}

void
explain_printf(const struct explain *x, enum explain_role role, const char *fmt, ...)
{
	/* whole, however long: the detail pane wraps it, never a buffer */
	struct buf text = { 0 };
	va_list ap;
	va_start(ap, fmt);
	buf_vprintf(&text, fmt, ap);
	va_end(ap);
	buf_adds(&text, "");
	x->line(x->ctx, role, text.data);
	buf_free(&text);
}

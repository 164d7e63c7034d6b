/* method.c - the table of methods, and every method's parameters
 * (params.h's params_count and params_at) gathered from it. */
#include "config.h"

#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "method/method.h"
#include "util.h"

#define METHOD_PTR(n) &method_##n,
const struct method *const methods[] = { METHODS(METHOD_PTR) };
#undef METHOD_PTR
const int nmethods = (int)(sizeof methods / sizeof methods[0]);

/* The parameters of every method of the table, in its order, gathered
 * once. */
static const struct param_desc *all[64];
static size_t nall;
static pthread_once_t gathered = PTHREAD_ONCE_INIT;

static void
gather_all(void)
{
	for (int k = 0; k < nmethods; k++)
		for (int i = 0; i < methods[k]->nparams; i++) {
			if (nall == sizeof all / sizeof all[0])
				die("more than %zu parameters", sizeof all / sizeof all[0]);
			all[nall++] = &methods[k]->params[i];
		}
}

static void
gather(void)
{
	pthread_once(&gathered, gather_all);
}

size_t
params_count(void)
{
	gather();
	return nall;
}

const struct param_desc *
params_at(size_t i)
{
	gather();
	return i < nall ? all[i] : NULL;
}

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

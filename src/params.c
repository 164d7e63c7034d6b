/* params.c - a parameter's parser, printer and reader; method.c gathers
 * every method's parameters into the table this searches. */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "params.h"
#include "util.h"

/* The number of names of a PARAM_ENUM. */
static size_t
nvalues(const struct param_desc *d)
{
	size_t n = 0;
	while (d->values && d->values[n])
		n++;
	return n;
}

static void *
field(struct params *p, const struct param_desc *d)
{
	return (char *)p + d->offset;
}

double
params_get(const struct params *p, const struct param_desc *d)
{
	const void *f = (const char *)p + d->offset;
	if (d->type == PARAM_FILE)
		return 0;
	return d->type == PARAM_DOUBLE ? *(const double *)f : *(const int *)f;
}

/* A PARAM_FILE's reader: reads and checks the file once, keeps it for
 * the process's life and returns the kept name, or NULL with "FILE:
 * reason" in err. */
static const char *
file_load(const struct param_desc *d, const char *path, char *err, size_t errlen)
{
	if (d->load)
		return d->load(path, err, errlen);
	die("%s: a file parameter without a reader", d->name);
}

static const char *
file_value(const struct params *p, const struct param_desc *d)
{
	return *(const char *const *)((const char *)p + d->offset);
}

bool
params_equal(const struct params *a, const struct params *b)
{
	for (size_t i = 0; i < params_count(); i++) {
		const struct param_desc *d = params_at(i);
		if (d->type == PARAM_FILE) {
			const char *x = file_value(a, d), *y = file_value(b, d);
			if (x != y && (!x || !y || strcmp(x, y)))
				return false;
		} else if (params_get(a, d) != params_get(b, d)) {
			return false;
		}
	}
	return true;
}

void
params_put(struct params *p, const struct param_desc *d, double v)
{
	if (d->type == PARAM_FILE) {
		*(const char **)field(p, d) = NULL;
		return;
	}
	if (v < d->min)
		v = d->min;
	if (v > d->max)
		v = d->max;
	if (d->type == PARAM_DOUBLE) {
		/* Keep stepped values on their grid (0.57 + 0.01 is not 0.58). */
		double r = round(v * 1e6) / 1e6;
		*(double *)field(p, d) = r;
	} else {
		*(int *)field(p, d) = (int)lround(v);
	}
}

void
params_default(struct params *p)
{
	memset(p, 0, sizeof *p);
	for (size_t i = 0; i < params_count(); i++)
		params_put(p, params_at(i), params_at(i)->def);
}

const struct param_desc *
params_find(const char *name)
{
	for (size_t i = 0; i < params_count(); i++)
		if (strcmp(params_at(i)->name, name) == 0)
			return params_at(i);
	return NULL;
}

int
params_set_value(struct params *p, const struct param_desc *d,
		 const char *value, char *err, size_t errlen)
{
	double v;
	if (d->type == PARAM_FILE) {
		const char *kept = NULL;
		if (*value && strcmp(value, "built-in")) {
			kept = file_load(d, value, err, errlen);
			if (!kept)
				return PARAMS_BAD_FILE;
		}
		*(const char **)field(p, d) = kept;
		return 0;
	}
	if (d->type == PARAM_BOOL) {
		if (!strcmp(value, "on") || !strcmp(value, "1") || !strcmp(value, "true") || !strcmp(value, "yes"))
			v = 1;
		else if (!strcmp(value, "off") || !strcmp(value, "0") || !strcmp(value, "false") || !strcmp(value, "no"))
			v = 0;
		else {
			snprintf(err, errlen, "%s takes on or off, not '%s'", d->name, value);
			return -1;
		}
	} else if (d->type == PARAM_ENUM) {
		size_t k = 0, nv = nvalues(d);
		while (k < nv && strcmp(value, d->values[k]))
			k++;
		if (k == nv) {
			/* "takes max or all"; three names or more: "takes a, b or c" */
			struct buf m = { 0 };
			for (size_t j = 0; j < nv; j++)
				buf_printf(&m, "%s%s", j == 0 ? "" : j + 1 == nv ? " or " : ", ",
					   d->values[j]);
			snprintf(err, errlen, "%s takes %s, not '%s'", d->name, m.data ? m.data : "",
				 value);
			buf_free(&m);
			return -1;
		}
		v = (double)k;
	} else {
		char *end;
		errno = 0;
		v = strtod(value, &end);
		if (end == value || *end || errno || !isfinite(v)) {
			snprintf(err, errlen, "%s takes a number, not '%s'", d->name, value);
			return -1;
		}
		if (d->type == PARAM_INT && v != floor(v)) {
			snprintf(err, errlen, "%s takes a whole number, not '%s'", d->name, value);
			return -1;
		}
		if (v < d->min || v > d->max) {
			snprintf(err, errlen, "%s must be between %g and %g", d->name, d->min, d->max);
			return -1;
		}
	}
	params_put(p, d, v);
	return 0;
}

int
params_set(struct params *p, const char *assign, char *err, size_t errlen)
{
	const char *eq = strchr(assign, '=');
	if (!eq) {
		snprintf(err, errlen, "'%s' is not NAME=VALUE", assign);
		return -1;
	}
	char name[64];
	size_t n = (size_t)(eq - assign);
	if (n >= sizeof name)
		n = sizeof name - 1;
	memcpy(name, assign, n);
	name[n] = '\0';
	const struct param_desc *d = params_find(name);
	if (!d) {
		snprintf(err, errlen, "unknown parameter '%s'", name);
		return -1;
	}
	return params_set_value(p, d, eq + 1, err, errlen);
}

void
params_format(const struct params *p, const struct param_desc *d,
	      char *out, size_t outlen)
{
	if (d->type == PARAM_FILE) {
		const char *f = file_value(p, d);
		snprintf(out, outlen, "%s", f ? f : "built-in");
		return;
	}
	double v = params_get(p, d);
	switch (d->type) {
	case PARAM_BOOL:
		snprintf(out, outlen, "%s", v ? "on" : "off");
		break;
	case PARAM_ENUM: {
		int k = (int)v;
		snprintf(out, outlen, "%s", k >= 0 && (size_t)k < nvalues(d) ? d->values[k] : "?");
		break;
	}
	default:
		snprintf(out, outlen, "%.15g", v);
	}
}

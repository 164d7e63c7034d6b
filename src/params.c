/* params.c - the parameter table and its parser. */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "auto-model.h"
#include "params.h"
#include "util.h"

#define OFF(f) offsetof(struct params, f)

const struct param_desc params_table[] = {
	{ "cc.C", "cc", PARAM_DOUBLE, OFF(cc_C), 29, 0, 1e9, 1,
	  "CC threshold: content when CC > C" },
	{ "cc.S", "cc", PARAM_DOUBLE, OFF(cc_S), 0.57, 0, 1, 0.01,
	  "smoothing: CS above which a noise node may become content" },
	{ "cc.D", "cc", PARAM_DOUBLE, OFF(cc_D), 63, 0, 1e9, 1,
	  "smoothing: TD above which a noise node may become content" },
	{ "cc.outliers", "cc", PARAM_BOOL, OFF(cc_outliers), 1, 0, 1, 1,
	  "reset content nodes outside the content region (on/off)" },
	{ "lb.K", "lb", PARAM_INT, OFF(lb_K), 3, 1, 100, 1,
	  "block thickness in lines" },
	{ "lb.T", "lb", PARAM_DOUBLE, OFF(lb_T), 86, 0, 1e9, 1,
	  "block length that starts a region (a sharp rise)" },
	{ "lb.mode", "lb", PARAM_LBMODE, OFF(lb_mode), LB_MODE_MAX, 0, 1, 1,
	  "max: the region holding the maximum; all: every region" },
	{ "lb.reflow", "lb", PARAM_BOOL, OFF(lb_reflow), 0, 0, 1, 1,
	  "break lines after block-level end tags first (on/off)" },
	{ "lb.stage", "lb", PARAM_INT, OFF(lb_stage), 3, 1, 3, 1,
	  "stop after stage 1 (every Ctext line), 2 (blocks over T) or 3 (regions)" },
	{ "ent.sim", "ent", PARAM_DOUBLE, OFF(ent_sim), 0.8, 0, 1, 0.01,
	  "tree similarity at which pages share a cluster" },
	{ "ent.var", "ent", PARAM_DOUBLE, OFF(ent_var), 0.1, 0, 1, 0.01,
	  "descend at variance/max >= this (norm), at variance < this (paper)" },
	{ "ent.stop", "ent", PARAM_ENTSTOP, OFF(ent_stop), ENT_STOP_NORM, 0, 1, 1,
	  "descent test: norm (one child dominates) or paper (variance < ent.var)" },
	{ "ent.depth", "ent", PARAM_INT, OFF(ent_depth), 100, 0, 100, 1,
	  "levels below body the content root may lie (0: body itself)" },
	{ "ent.width", "ent", PARAM_DOUBLE, OFF(ent_width), 1000, 100, 10000, 10,
	  "estimated page width in pixels" },
	{ "tib.rel", "tib", PARAM_DOUBLE, OFF(tib_rel), 0.8, 0, 1, 0.01,
	  "relativity (link text share) below which a node is kept" },
	{ "tib.ver_min", "tib", PARAM_DOUBLE, OFF(tib_ver_min), 0.125, 0, 1, 0.01,
	  "lowest veracity of a content node" },
	{ "tib.ver_max", "tib", PARAM_DOUBLE, OFF(tib_ver_max), 0.6, 0, 1, 0.01,
	  "highest veracity of a content node" },
	{ "tib.script", "tib", PARAM_SCRIPT, OFF(tib_script), TIB_SCRIPT_AUTO, 0, 4, 1,
	  "veracity signal: auto, tibetan, cjk, latin or arabic" },
	{ "ent.own", "ent", PARAM_BOOL, OFF(ent_own), 1, 0, 1, 1,
	  "weigh only the page's own text: not what stands on half the site's pages (on/off: the paper's text)" },
	{ "ent.links", "ent", PARAM_DOUBLE, OFF(ent_links), 0.5, 0, 1, 0.05,
	  "link share above which a block inside the content root is noise (1: the root whole)" },
	{ "sib.alpha", "sib", PARAM_DOUBLE, OFF(sib_alpha), 0.8, 0, 1, 0.01,
	  "tag similarity at which a block is noise" },
	{ "sib.beta", "sib", PARAM_DOUBLE, OFF(sib_beta), 0.6, 0, 1, 0.01,
	  "text similarity at which a block is noise" },
	{ "sib.max", "sib", PARAM_INT, OFF(sib_max), 3, 0, 100, 1,
	  "nodes the fuzzy match may slide over" },
	{ "sib.pdoc", "sib", PARAM_INT, OFF(sib_pdoc), 10, 1, 100, 1,
	  "permitted degree of coherence (segmentation depth)" },
	{ "sib.text", "sib", PARAM_BOOL, OFF(sib_text), 1, 0, 1, 1,
	  "a text block whose text stands on half the siblings is noise too (on/off: the paper's blocks alone)" },
	{ "sib.links", "sib", PARAM_DOUBLE, OFF(sib_links), 0.5, 0, 1, 0.05,
	  "link share above which a block whose tags are found again is noise (1: the paper's test alone)" },
	{ "auto.T", "auto", PARAM_DOUBLE, OFF(auto_T), 0.5, 0, 1, 0.01,
	  "probability at which a block is content" },
	{ "auto.grow", "auto", PARAM_BOOL, OFF(auto_grow), 1, 0, 1, 1,
	  "reading order: the best run of blocks, ended by a related or comments heading (on/off)" },
	{ "auto.thread", "auto", PARAM_BOOL, OFF(auto_thread), 1, 0, 1, 1,
	  "a forum thread found by its structure keeps every post's message (on/off)" },
	{ "auto.duplicate", "auto", PARAM_BOOL, OFF(auto_duplicate), 1, 0, 1, 1,
	  "a block whose text is already kept is dropped (on/off)" },
	{ "auto.end", "auto", PARAM_BOOL, OFF(auto_end), 1, 0, 1, 1,
	  "with grow, a heading over related stories or comments ends the article (on/off)" },
	{ "auto.model", "auto", PARAM_FILE, OFF(auto_model), 0, 0, 0, 1,
	  "the model file to read instead of the built-in model" },
};
const size_t params_count = sizeof params_table / sizeof params_table[0];

static const char *const script_values[] = {
	"auto", "tibetan", "cjk", "latin", "arabic"
};

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
	if (d->offset == OFF(auto_model))
		return auto_model_keep(path, err, errlen);
	die("%s: a file parameter without a reader", d->name);
}

static const char *
file_value(const struct params *p, const struct param_desc *d)
{
	return *(const char *const *)((const char *)p + d->offset);
}

bool
params_quiet(const struct param_desc *d)
{
	return d->offset == OFF(lb_stage) || d->offset == OFF(ent_depth) ||
	       d->offset == OFF(auto_thread) || d->offset == OFF(auto_duplicate) ||
	       d->offset == OFF(auto_end);
}

bool
params_equal(const struct params *a, const struct params *b)
{
	for (size_t i = 0; i < params_count; i++) {
		const struct param_desc *d = &params_table[i];
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
	for (size_t i = 0; i < params_count; i++)
		params_put(p, &params_table[i], params_table[i].def);
}

const struct param_desc *
params_find(const char *name)
{
	for (size_t i = 0; i < params_count; i++)
		if (strcmp(params_table[i].name, name) == 0)
			return &params_table[i];
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
	} else if (d->type == PARAM_LBMODE) {
		if (!strcmp(value, "max"))
			v = LB_MODE_MAX;
		else if (!strcmp(value, "all"))
			v = LB_MODE_ALL;
		else {
			snprintf(err, errlen, "%s takes max or all, not '%s'", d->name, value);
			return -1;
		}
	} else if (d->type == PARAM_ENTSTOP) {
		if (!strcmp(value, "norm"))
			v = ENT_STOP_NORM;
		else if (!strcmp(value, "paper"))
			v = ENT_STOP_PAPER;
		else {
			snprintf(err, errlen, "%s takes norm or paper, not '%s'", d->name, value);
			return -1;
		}
	} else if (d->type == PARAM_SCRIPT) {
		size_t k = 0, nv = sizeof script_values / sizeof script_values[0];
		while (k < nv && strcmp(value, script_values[k]))
			k++;
		if (k == nv) {
			snprintf(err, errlen, "%s takes auto, tibetan, cjk, latin or "
				 "arabic, not '%s'", d->name, value);
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
	case PARAM_LBMODE:
		snprintf(out, outlen, "%s", v == LB_MODE_ALL ? "all" : "max");
		break;
	case PARAM_SCRIPT:
		snprintf(out, outlen, "%s", script_values[(int)v]);
		break;
	case PARAM_ENTSTOP:
		snprintf(out, outlen, "%s", v == ENT_STOP_PAPER ? "paper" : "norm");
		break;
	default:
		snprintf(out, outlen, "%.15g", v);
	}
}

/* test-params.c - the parameter table: defaults from doc/algorithms.md, setting
 * by NAME=VALUE, formatting and stepping (params.h). */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "method/method.h"
#include "params.h"

static void
test_defaults(void **state)
{
	(void)state;
	struct params p;
	memset(&p, 0x5a, sizeof p);
	params_default(&p);
	/* doc/algorithms.md: C = 29, S = 0.57, D = 63 (§1); K = 3, T = 86 (§2);
	 * 0.8 and 0.1 (§3); 0.8, 0.125..0.6 (§4); alpha 0.8, beta 0.6, MAX 3,
	 * pdoc 5 (§5).  Exact comparisons: the values must be the doubles the
	 * literals name. */
	assert_true(p.cc_C == 29);
	assert_true(p.cc_S == 0.57);
	assert_true(p.cc_D == 63);
	assert_int_equal(p.cc_outliers, 1);
	assert_int_equal(p.lb_K, 3);
	assert_true(p.lb_T == 86);
	assert_int_equal(p.lb_mode, LB_MODE_MAX);
	assert_int_equal(p.lb_reflow, 0);
	assert_true(p.ent_sim == 0.8);
	assert_true(p.ent_var == 0.1);
	assert_int_equal(p.ent_stop, ENT_STOP_NORM);
	assert_true(p.ent_width == 1000);
	assert_true(p.tib_rel == 0.8);
	assert_true(p.tib_ver_min == 0.125);
	assert_true(p.tib_ver_max == 0.6);
	assert_true(p.sib_alpha == 0.8);
	assert_true(p.sib_beta == 0.6);
	assert_int_equal(p.sib_max, 3);
	assert_int_equal(p.sib_pdoc, 10);
	assert_int_equal(p.sib_text, 1);
	assert_true(p.sib_links == 0.5);
	assert_int_equal(p.ent_own, 1);
	/* the step mode's limits: the whole method by default */
	assert_int_equal(p.lb_stage, 3);
	assert_int_equal(p.ent_depth, 100);
}

static void
test_table(void **state)
{
	(void)state;
	/* The names doc/algorithms.md lists, each in the table and in its order
	 * (pith's own parameters may stand between them), then auto's. */
	static const char *const names[] = {
		"cc.C", "cc.S", "cc.D", "cc.outliers", "lb.K", "lb.T", "lb.mode",
		"lb.reflow", "ent.sim", "ent.var", "ent.width", "tib.rel",
		"tib.ver_min", "tib.ver_max", "sib.alpha", "sib.beta",
		"sib.max", "sib.pdoc", "auto.T", "auto.grow", "auto.model",
	};
	size_t at = 0;
	for (size_t k = 0; k < sizeof names / sizeof names[0]; k++) {
		const struct param_desc *d = params_find(names[k]);
		assert_non_null(d);
		size_t i = 0;
		while (i < params_count() && params_at(i) != d)
			i++;
		assert_true(i < params_count() && i >= at);
		at = i;
	}
	/* every parameter is its method's: the name's prefix, and the method
	 * entry that carries it */
	size_t n = 0;
	for (int k = 0; k < nmethods; k++)
		for (int j = 0; j < methods[k]->nparams; j++, n++) {
			const struct param_desc *d = &methods[k]->params[j];
			assert_ptr_equal(params_at(n), d);
			assert_ptr_equal(params_find(d->name), d);
			assert_string_equal(d->method, methods[k]->name);
			size_t ml = strlen(d->method);
			assert_memory_equal(d->name, d->method, ml);
			assert_int_equal(d->name[ml], '.');
			assert_true(d->min <= d->def);
			assert_true(d->def <= d->max);
			assert_true(d->step > 0);
			assert_non_null(d->help);
			/* an enum's range is its names' */
			if (d->type == PARAM_ENUM) {
				size_t nv = 0;
				while (d->values[nv])
					nv++;
				assert_true(d->min == 0 && d->max == (double)nv - 1);
			}
		}
	assert_int_equal(n, params_count());
	assert_null(params_at(n));
	/* quiet at their default: the step mode's limits, auto's rule
	 * switches (auto.trees, the first's, is both) and auto.kind (the
	 * line shows the kind beside the method), and only they */
	for (size_t i = 0; i < params_count(); i++)
		assert_int_equal(params_at(i)->quiet,
				 !strcmp(params_at(i)->name, "lb.stage") ||
				 !strcmp(params_at(i)->name, "ent.depth") ||
				 !strcmp(params_at(i)->name, "auto.trees") ||
				 !strcmp(params_at(i)->name, "auto.thread") ||
				 !strcmp(params_at(i)->name, "auto.duplicate") ||
				 !strcmp(params_at(i)->name, "auto.end") ||
				 !strcmp(params_at(i)->name, "auto.kind"));
	assert_null(params_find("cc.c"));   /* names are case-sensitive */
	assert_null(params_find("C"));
	assert_null(params_find(""));
}

static void
check_set(struct params *p, const char *assign)
{
	char err[256] = "";
	int rc = params_set(p, assign, err, sizeof err);
	if (rc != 0)
		print_error("params_set(\"%s\"): %s\n", assign, err);
	assert_int_equal(rc, 0);
	assert_string_equal(err, "");
}

static void
test_set_good(void **state)
{
	(void)state;
	struct params p;
	params_default(&p);
	check_set(&p, "cc.C=35");
	assert_true(p.cc_C == 35);
	check_set(&p, "cc.C=12.5");
	assert_true(p.cc_C == 12.5);
	check_set(&p, "cc.S=0.6");
	assert_true(p.cc_S == 0.6);
	check_set(&p, "cc.S=1");          /* the bounds are allowed */
	assert_true(p.cc_S == 1);
	check_set(&p, "cc.S=0");
	assert_true(p.cc_S == 0);
	check_set(&p, "cc.D=1e2");
	assert_true(p.cc_D == 100);
	check_set(&p, "lb.K=5");
	assert_int_equal(p.lb_K, 5);
	check_set(&p, "lb.K=7.0");        /* a whole number written with a point */
	assert_int_equal(p.lb_K, 7);
	check_set(&p, "lb.T=120");
	assert_true(p.lb_T == 120);
	check_set(&p, "sib.max=0");
	assert_int_equal(p.sib_max, 0);
	check_set(&p, "tib.ver_min=0.2");
	assert_true(p.tib_ver_min == 0.2);
}

static void
test_set_bool_mode(void **state)
{
	(void)state;
	struct params p;
	params_default(&p);
	check_set(&p, "cc.outliers=off");
	assert_int_equal(p.cc_outliers, 0);
	check_set(&p, "cc.outliers=on");
	assert_int_equal(p.cc_outliers, 1);
	check_set(&p, "lb.reflow=on");
	assert_int_equal(p.lb_reflow, 1);
	check_set(&p, "lb.reflow=0");
	assert_int_equal(p.lb_reflow, 0);
	check_set(&p, "lb.reflow=yes");
	assert_int_equal(p.lb_reflow, 1);
	check_set(&p, "lb.reflow=false");
	assert_int_equal(p.lb_reflow, 0);
	check_set(&p, "lb.mode=all");
	assert_int_equal(p.lb_mode, LB_MODE_ALL);
	check_set(&p, "lb.mode=max");
	assert_int_equal(p.lb_mode, LB_MODE_MAX);
}

/* params_set must fail with a message containing want and leave p as it
 * was. */
static void
check_bad(const char *assign, const char *want)
{
	struct params p, before;
	params_default(&p);
	before = p;
	char err[256] = "";
	int rc = params_set(&p, assign, err, sizeof err);
	if (rc == 0 || !strstr(err, want))
		print_error("params_set(\"%s\"): rc %d, \"%s\", wanted \"%s\"\n",
			    assign, rc, err, want);
	assert_int_equal(rc, -1);
	assert_non_null(strstr(err, want));
	assert_memory_equal(&p, &before, sizeof p);
}

static void
test_set_bad(void **state)
{
	(void)state;
	check_bad("cc.X=1", "unknown parameter 'cc.X'");
	check_bad("C=29", "unknown parameter 'C'");
	check_bad("=3", "unknown parameter ''");
	check_bad("cc.C", "'cc.C' is not NAME=VALUE");
	check_bad("", "is not NAME=VALUE");
	check_bad("cc.C=abc", "cc.C takes a number, not 'abc'");
	check_bad("cc.C=", "cc.C takes a number, not ''");
	check_bad("cc.C=12abc", "takes a number");
	check_bad("cc.C=3,5", "takes a number");
	check_bad("cc.C= 3 ", "takes a number");
	check_bad("cc.C=nan", "takes a number");
	check_bad("cc.C=inf", "takes a number");
	check_bad("cc.C=1e999", "takes a number");
	check_bad("cc.S=1.5", "cc.S must be between 0 and 1");
	check_bad("cc.S=-0.1", "cc.S must be between 0 and 1");
	check_bad("cc.C=-1", "must be between");
	check_bad("lb.K=0", "lb.K must be between 1 and 100");
	check_bad("lb.K=101", "lb.K must be between 1 and 100");
	check_bad("lb.K=2.5", "lb.K takes a whole number, not '2.5'");
	check_bad("sib.pdoc=1.01", "whole number");
	check_bad("lb.mode=both", "lb.mode takes max or all, not 'both'");
	check_bad("lb.mode=MAX", "takes max or all");
	check_bad("lb.mode=1", "takes max or all");
	check_bad("cc.outliers=maybe", "cc.outliers takes on or off, not 'maybe'");
	check_bad("cc.outliers=", "takes on or off");
	check_bad("lb.reflow=2", "takes on or off");
}

static void
test_set_value(void **state)
{
	(void)state;
	struct params p;
	params_default(&p);
	char err[256] = "";
	const struct param_desc *d = params_find("ent.width");
	assert_non_null(d);
	assert_int_equal(params_set_value(&p, d, "800", err, sizeof err), 0);
	assert_true(p.ent_width == 800);
	assert_int_equal(params_set_value(&p, d, "50", err, sizeof err), -1);
	assert_non_null(strstr(err, "ent.width must be between 100 and 10000"));
	assert_true(p.ent_width == 800);
	/* the value after the first '=' is the value, '=' and all */
	assert_int_equal(params_set(&p, "lb.mode==all", err, sizeof err), -1);
	assert_non_null(strstr(err, "not '=all'"));
}

static void
check_format(const struct params *p, const char *name, const char *want)
{
	char out[64];
	memset(out, 'x', sizeof out);
	params_format(p, params_find(name), out, sizeof out);
	assert_string_equal(out, want);
}

static void
test_format(void **state)
{
	(void)state;
	struct params p;
	params_default(&p);
	check_format(&p, "cc.C", "29");
	check_format(&p, "cc.S", "0.57");
	check_format(&p, "cc.D", "63");
	check_format(&p, "cc.outliers", "on");
	check_format(&p, "lb.K", "3");
	check_format(&p, "lb.T", "86");
	check_format(&p, "lb.mode", "max");
	check_format(&p, "lb.reflow", "off");
	check_format(&p, "ent.sim", "0.8");
	check_format(&p, "ent.var", "0.1");
	check_format(&p, "ent.stop", "norm");
	check_format(&p, "ent.width", "1000");
	check_format(&p, "tib.ver_min", "0.125");
	check_format(&p, "sib.pdoc", "10");
	char err[128];
	assert_int_equal(params_set(&p, "lb.mode=all", err, sizeof err), 0);
	assert_int_equal(params_set(&p, "cc.outliers=off", err, sizeof err), 0);
	assert_int_equal(params_set(&p, "cc.C=12.25", err, sizeof err), 0);
	assert_int_equal(params_set(&p, "ent.stop=paper", err, sizeof err), 0);
	check_format(&p, "ent.stop", "paper");
	check_format(&p, "lb.mode", "all");
	check_format(&p, "cc.outliers", "off");
	check_format(&p, "cc.C", "12.25");
	/* a short buffer is cut, never overrun */
	char small[3];
	params_format(&p, params_find("lb.mode"), small, sizeof small);
	assert_string_equal(small, "al");

	/* no precision lost: whatever params_set took, format gives back */
	assert_int_equal(params_set(&p, "cc.D=12.345678", err, sizeof err), 0);
	check_format(&p, "cc.D", "12.345678");
	assert_int_equal(params_set(&p, "cc.C=1234567", err, sizeof err), 0);
	check_format(&p, "cc.C", "1234567");
	assert_int_equal(params_set(&p, "lb.T=0.000001", err, sizeof err), 0);
	check_format(&p, "lb.T", "1e-06");

	/* every formatted value sets the same value again */
	struct params q;
	params_default(&q);
	assert_int_equal(params_set(&p, "cc.C=1000000", err, sizeof err), 0);
	for (size_t i = 0; i < params_count(); i++) {
		char v[64], assign[128];
		params_format(&p, params_at(i), v, sizeof v);
		snprintf(assign, sizeof assign, "%s=%s", params_at(i)->name, v);
		assert_int_equal(params_set(&q, assign, err, sizeof err), 0);
		assert_true(params_get(&q, params_at(i)) ==
			    params_get(&p, params_at(i)));
	}
}

static void
test_stepping(void **state)
{
	(void)state;
	struct params p;
	params_default(&p);
	const struct param_desc *S = params_find("cc.S");
	assert_true(S->step == 0.01);
	/* 0.57 + 0.01 is 0.5800000000000001 in doubles: put keeps the grid */
	params_put(&p, S, params_get(&p, S) + S->step);
	assert_true(params_get(&p, S) == 0.58);
	assert_true(p.cc_S == 0.58);
	char out[32];
	params_format(&p, S, out, sizeof out);
	assert_string_equal(out, "0.58");
	/* up twice more, then back down to the default */
	params_put(&p, S, params_get(&p, S) + S->step);
	params_put(&p, S, params_get(&p, S) + S->step);
	assert_true(p.cc_S == 0.6);
	for (int k = 0; k < 3; k++)
		params_put(&p, S, params_get(&p, S) - S->step);
	assert_true(p.cc_S == 0.57);
	/* 0.1 + 0.2 lands on 0.3 */
	const struct param_desc *V = params_find("ent.var");
	params_put(&p, V, 0.1 + 0.2);
	assert_true(p.ent_var == 0.3);
	/* ten steps of 0.01 up from 0.57 are 0.67, not 0.6700000000000002 */
	params_default(&p);
	for (int k = 0; k < 10; k++)
		params_put(&p, S, params_get(&p, S) + S->step);
	assert_true(p.cc_S == 0.67);

	/* clamping to the range */
	params_put(&p, S, 1.5);
	assert_true(p.cc_S == 1);
	params_put(&p, S, -3);
	assert_true(p.cc_S == 0);
	const struct param_desc *K = params_find("lb.K");
	params_put(&p, K, 0);
	assert_int_equal(p.lb_K, 1);
	params_put(&p, K, 1000);
	assert_int_equal(p.lb_K, 100);
	params_put(&p, K, 2.6);     /* integers round */
	assert_int_equal(p.lb_K, 3);
	assert_true(params_get(&p, K) == 3);
	const struct param_desc *C = params_find("cc.C");
	params_default(&p);
	params_put(&p, C, params_get(&p, C) + C->step);
	assert_true(p.cc_C == 30);
	/* booleans and the mode step between their two values */
	const struct param_desc *O = params_find("cc.outliers");
	params_put(&p, O, params_get(&p, O) - O->step);
	assert_int_equal(p.cc_outliers, 0);
	params_put(&p, O, params_get(&p, O) - O->step);
	assert_int_equal(p.cc_outliers, 0);
	const struct param_desc *M = params_find("lb.mode");
	params_put(&p, M, params_get(&p, M) + M->step);
	assert_int_equal(p.lb_mode, LB_MODE_ALL);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_defaults),
		cmocka_unit_test(test_table),
		cmocka_unit_test(test_set_good),
		cmocka_unit_test(test_set_bool_mode),
		cmocka_unit_test(test_set_bad),
		cmocka_unit_test(test_set_value),
		cmocka_unit_test(test_format),
		cmocka_unit_test(test_stepping),
	};
	return cmocka_run_group_tests_name("params", tests, NULL, NULL);
}

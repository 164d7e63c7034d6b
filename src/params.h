/* params.h - every threshold of every method, by the names ALGORITHMS.md
 * gives them (cc.C, lb.K, ...).  Each method's entry in the method table
 * describes its own; the command line, rule files and the inspector's
 * editor all set them through params_set().
 *
 * Errors (unknown name, bad value) come back as a message in the caller's
 * buffer; nothing is printed here. */
#ifndef PITH_PARAMS_H
#define PITH_PARAMS_H

#include <stdbool.h>
#include <stddef.h>

enum lb_mode { LB_MODE_MAX, LB_MODE_ALL };
/* ent.stop: the descent's test (entropy.h).  norm: on into the most
 * important child while the variance over its maximum reaches ent.var;
 * paper: the paper's words, on while the raw variance is below ent.var. */
enum ent_stop { ENT_STOP_NORM, ENT_STOP_PAPER };
/* tib.script: whose signal veracity counts (tibetan.h). */
enum tib_script {
	TIB_SCRIPT_AUTO, TIB_SCRIPT_TIBETAN, TIB_SCRIPT_CJK, TIB_SCRIPT_LATIN,
	TIB_SCRIPT_ARABIC
};

struct params {
	double cc_C, cc_S, cc_D;
	int cc_outliers;
	int lb_K;
	double lb_T;
	int lb_mode;
	int lb_reflow;
	int lb_stage;
	double ent_sim, ent_var;
	int ent_stop;
	int ent_depth;
	double ent_width;
	double tib_rel, tib_ver_min, tib_ver_max;
	int tib_script;
	double sib_alpha, sib_beta, sib_links;
	int sib_max, sib_pdoc, sib_prose;
	int sib_text;
	int ent_own;
	double ent_links;
	double auto_T;
	int auto_trees;
	int auto_grow;
	int auto_thread;
	int auto_duplicate;
	int auto_end;
	int auto_kind;              /* 0: decided; else enum page_kind + 1 */
	const char *auto_model;     /* a kept file name (PARAM_FILE), NULL: built in */
};

enum param_type {
	PARAM_DOUBLE, PARAM_INT, PARAM_BOOL,
	/* one of the names in values[] (its index is the value) */
	PARAM_ENUM,
	/* a file name (a const char * field), read and checked once when
	 * set; the empty value or "built-in" is the default, NULL */
	PARAM_FILE
};

/* A method's parameter: its entry in the method table carries these
 * (method.h), and every list of parameters (--help, the man page, the
 * inspector, rule files) is read from there. */
struct param_desc {
	const char *name;       /* "cc.C" */
	const char *method;     /* "cc" */
	enum param_type type;
	/* The status line shows it only when it is not the default: the
	 * stage limits the step mode sets (lb.stage, ent.depth), auto's
	 * rule switches and auto.kind (the line shows the kind beside the
	 * method), so the line keeps its room for what is turned. */
	bool quiet;
	size_t offset;          /* into struct params */
	double def, min, max, step;
	const char *help;
	const char *const *values;  /* PARAM_ENUM: the names, NULL-terminated */
	/* PARAM_FILE: its reader, which reads and checks the file once,
	 * keeps it for the process's life and returns the kept name, or
	 * NULL with "FILE: reason" in err.  The method that owns the
	 * parameter names it here, so params.c knows no method. */
	const char *(*load)(const char *path, char *err, size_t errlen);
};
#define PARAM_OFF(f) offsetof(struct params, f)

/* Every method's parameters, in the method table's order (method.c
 * gathers them, so that params.c knows no method). */
size_t params_count(void);
const struct param_desc *params_at(size_t i);

void params_default(struct params *p);
/* Set from "NAME=VALUE".  Returns 0, or -1 with a message in err, or
 * PARAMS_BAD_FILE when the file a PARAM_FILE names could not be read or
 * is malformed (err is then "FILE: reason"). */
#define PARAMS_BAD_FILE (-2)
int params_set(struct params *p, const char *assign, char *err, size_t errlen);
/* Set one parameter by its descriptor from a string value. */
int params_set_value(struct params *p, const struct param_desc *d,
		     const char *value, char *err, size_t errlen);
const struct param_desc *params_find(const char *name);
/* A numeric value; 0 for a PARAM_FILE. */
double params_get(const struct params *p, const struct param_desc *d);
/* Do a and b hold the same values?  (Not memcmp: padding differs.) */
bool params_equal(const struct params *a, const struct params *b);
/* Set a numeric value, clamped to the parameter's range; a PARAM_FILE
 * goes back to its default. */
void params_put(struct params *p, const struct param_desc *d, double v);
/* Format the current value ("29", "0.57", "max", "on", "auto", "norm",
 * a file name or "built-in") into out. */
void params_format(const struct params *p, const struct param_desc *d,
		   char *out, size_t outlen);

#endif

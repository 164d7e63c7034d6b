/* auto-model.h - the auto method's weights, written by
 * tools/train-auto.py from 13740 labelled blocks of the dev
 * pages' training split (70 % of pages by id hash).
 * Weighted block accuracy: train 0.948, check 0.955
 * (6686 blocks); check split shingle F1 on aeb pages
 * 0.959.  Do not edit: run the script again. */
#ifndef PITH_AUTO_MODEL_H
#define PITH_AUTO_MODEL_H

/* first stage: the base features only (signals.h) */
static const float auto_stage1_weights[F_BASE_COUNT] = {
	[F_BIAS] = -3.656317f,
	[F_LOG_CHARS] = 0.086194f,
	[F_LINK_DENSITY] = -1.187444f,
	[F_LOG_CC] = 0.256910f,
	[F_LOG_TD] = 0.069727f,
	[F_CS] = -0.913216f,
	[F_PARENT_LD] = 1.167014f,
	[F_GRAND_LD] = -1.344491f,
	[F_CONTAINER] = 2.567041f,
	[F_POSITION] = -1.663023f,
	[F_PUNCT] = -0.542773f,
	[F_ENDS_PUNCT] = 0.518874f,
	[F_TAG_HEADING] = 0.209034f,
	[F_TAG_P] = 1.110440f,
	[F_TAG_LI] = 1.881823f,
	[F_TAG_CELL] = 3.295443f,
	[F_TAG_PRE] = 0.714280f,
	[F_SEMANTIC] = 0.893131f,
	[F_NEG_WORD] = -1.156350f,
	[F_POS_WORD] = 0.800207f,
	[F_NEG_TAG] = -0.843542f,
	[F_CC_CONTENT] = 0.343844f,
	[F_CC_REGION] = 1.188456f,
	[F_LB_REGION] = 0.134358f,
	[F_JSONLD] = 3.678751f,
	[F_HAS_JSONLD] = -2.804684f,
	[F_COPYRIGHT] = -2.182037f,
	[F_SIB_LONG] = 0.251249f,
	[F_COMMENT] = -3.569937f,
	[F_HIDDEN] = -1.534435f,
};

/* second stage: every feature */
static const float auto_weights[F_COUNT] = {
	[F_BIAS] = -3.898455f,
	[F_LOG_CHARS] = 0.048833f,
	[F_LINK_DENSITY] = -1.110508f,
	[F_LOG_CC] = 0.338474f,
	[F_LOG_TD] = -0.005543f,
	[F_CS] = -0.661126f,
	[F_PARENT_LD] = 1.101675f,
	[F_GRAND_LD] = -0.160461f,
	[F_CONTAINER] = 1.649279f,
	[F_POSITION] = -1.028744f,
	[F_PUNCT] = -0.639160f,
	[F_ENDS_PUNCT] = 0.706048f,
	[F_TAG_HEADING] = -0.124239f,
	[F_TAG_P] = 0.627161f,
	[F_TAG_LI] = 1.117033f,
	[F_TAG_CELL] = 2.339809f,
	[F_TAG_PRE] = -0.317745f,
	[F_SEMANTIC] = 0.468869f,
	[F_NEG_WORD] = -0.188976f,
	[F_POS_WORD] = 0.765488f,
	[F_NEG_TAG] = 0.023122f,
	[F_CC_CONTENT] = 0.078358f,
	[F_CC_REGION] = 0.462705f,
	[F_LB_REGION] = -0.163078f,
	[F_JSONLD] = 3.491404f,
	[F_HAS_JSONLD] = -2.635391f,
	[F_COPYRIGHT] = -2.636653f,
	[F_SIB_LONG] = 0.058368f,
	[F_COMMENT] = -1.452335f,
	[F_HIDDEN] = -1.080435f,
	[F_IN_CORE] = 1.291484f,
	[F_CORE_DIST] = -0.229912f,
	[F_LOCAL_NEG] = -1.029304f,
	[F_NEIGH_P] = 2.669759f,
};

#endif

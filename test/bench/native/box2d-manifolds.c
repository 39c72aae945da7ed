// Times Box2D v3's own contact manifold functions, compiled natively, on the inputs `npm run bench
// -- --box2d DIR --only manifold` writes (box2d-native.ts, run.ts): the same shapes and poses, pair
// for pair, the manifold bench gives core, planck and SAT.js. Built against a Box2D checkout by
// box2d-native.ts; not part of the product.
//
//   box2d-manifolds [--quick | --answers] FILE...
//
// Each FILE starts with a line `manifold GROUP FUNC`, then one pair per line, every shape as its
// core and radius (`n x1 y1 … xn yn radius`, as box2d-casts.c reads them) and every pose as
// `x y angle`:
//   shapeA  ax ay angleA  shapeB  bx by angleB
// FUNC names the Box2D function timed (A and B as the line gives them):
//   circle-circle    b2CollideCircles                  polygon-polygon  b2CollidePolygons
//   capsule-circle   b2CollideCapsuleAndCircle         capsule-capsule  b2CollideCapsules
//   polygon-circle   b2CollidePolygonAndCircle         capsule-polygon  b2CollidePolygonAndCapsule (B, A)
// Box2D has no capsule-and-polygon function in that order: its contact table (contact.c,
// b2AddType) makes every such contact with the polygon as A, so the pair runs as (B, A) and its
// normal is turned to point from A to B. A polygon is b2MakePolygon of b2ComputeHull of its
// points, as a game's would be; a hull that drops a point is an error (the pair would not be the
// same). Rotations are built from exact cosines and sines, as core's are. Manifolds take both
// world transforms and return a world normal and points, as core's do. Prints per file,
// tab-separated: GROUP, FUNC, median ns per call, min ns per call, hits (manifolds with a point:
// Box2D's are speculative, so pairs up to 4 × its linear slop apart count). --answers, untimed: per
// file a line `GROUP<TAB>n`, then n lines `pointCount<TAB>normalX<TAB>normalY<TAB>separation1`.
#define _POSIX_C_SOURCE 199309L
#include "box2d/collision.h"
#include "box2d/math_functions.h"

#define BENCH_NAME "box2d-manifolds"
#include "bench-timing.h"
#include "bench-shapes.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

// Box2D's core.c defines this (B2_LINEAR_SLOP scales with it); core.c is not linked here.
__attribute__( ( weak ) ) float b2_lengthUnitsPerMeter = 1.0f;

typedef enum Func
{
	CIRCLE_CIRCLE,
	CAPSULE_CIRCLE,
	POLYGON_CIRCLE,
	CAPSULE_CAPSULE,
	POLYGON_POLYGON,
	CAPSULE_POLYGON,
	FUNC_COUNT,
} Func;

static const char* const FUNC_NAMES[FUNC_COUNT] = {
	"circle-circle", "capsule-circle", "polygon-circle", "capsule-capsule", "polygon-polygon", "capsule-polygon",
};

// The point count each side of a function takes: 1 a circle, 2 a capsule, 0 a polygon (3 or more).
static const int COUNTS[FUNC_COUNT][2] = { { 1, 1 }, { 2, 1 }, { 0, 1 }, { 2, 2 }, { 0, 0 }, { 2, 0 } };

// A shape as Box2D's b2Shape holds it: one of its kinds.
typedef union Geometry
{
	b2Circle circle;
	b2Capsule capsule;
	b2Polygon polygon;
} Geometry;

// One pair, its Box2D structs made before timing.
typedef struct Pair
{
	Geometry a;
	b2Transform xfA;
	Geometry b;
	b2Transform xfB;
} Pair;

typedef struct Case
{
	char group[128];
	Func func;
	int n;
	Pair* pairs;
} Case;

static Geometry geometry( const Shape* s, int wanted, const char* file )
{
	Geometry g;
	memset( &g, 0, sizeof g );
	if ( wanted == 0 ? s->count < 3 : s->count != wanted )
		fail( "a shape has the wrong number of points for the function", file );
	if ( wanted == 1 )
		g.circle = (b2Circle){ s->points[0], s->radius };
	else if ( wanted == 2 )
		g.capsule = (b2Capsule){ s->points[0], s->points[1], s->radius };
	else
	{
		b2Hull hull = b2ComputeHull( s->points, s->count );
		if ( hull.count != s->count )
			fail( "Box2D's hull of a polygon does not keep every point", file );
		g.polygon = b2MakePolygon( &hull, s->radius );
	}
	return g;
}

static void load( Case* c, const char* file )
{
	static char line[1 << 16];
	FILE* f = openCase( file, line, (int)sizeof line );
	// `manifold GROUP FUNC`: the group is everything between the first word and the last.
	char* last = strrchr( line, ' ' );
	char* first = strchr( line, ' ' );
	if ( !first || !last || last == first || (size_t)( last - first - 1 ) > sizeof c->group - 1 || strncmp( line, "manifold ", 9 ) != 0 )
		fail( "the first line must be `manifold GROUP FUNC`", file );
	memcpy( c->group, first + 1, (size_t)( last - first - 1 ) );
	c->group[last - first - 1] = 0;
	c->func = FUNC_COUNT;
	for ( int k = 0; k < FUNC_COUNT; ++k )
		if ( strcmp( last + 1, FUNC_NAMES[k] ) == 0 )
			c->func = (Func)k;
	if ( c->func == FUNC_COUNT )
		fail( "unknown function on the first line", file );
	int capacity = 1024;
	c->n = 0;
	c->pairs = malloc( sizeof( Pair ) * (size_t)capacity );
	while ( fgets( line, sizeof line, f ) )
	{
		char* p = line;
		if ( strspn( p, " \t\r\n" ) == strlen( p ) )
			continue;
		if ( c->n == capacity )
		{
			capacity *= 2;
			c->pairs = realloc( c->pairs, sizeof( Pair ) * (size_t)capacity );
		}
		Pair in;
		Shape a = shape( &p, file );
		in.a = geometry( &a, COUNTS[c->func][0], file );
		in.xfA = pose( &p, file );
		Shape b = shape( &p, file );
		in.b = geometry( &b, COUNTS[c->func][1], file );
		in.xfB = pose( &p, file );
		// Every number of the line read, nothing else: a format drift is an error, not a shift.
		if ( strspn( p, " \t\r\n" ) != strlen( p ) )
			fail( "a line has more numbers than its pair needs", file );
		c->pairs[c->n++] = in;
	}
	fclose( f );
}

// The pair's manifold, A to B (the switch is outside the timed loops, in pass).
static inline b2Manifold capsuleAndPolygon( const Pair* q )
{
	b2Manifold m = b2CollidePolygonAndCapsule( &q->b.polygon, q->xfB, &q->a.capsule, q->xfA );
	m.normal = b2Neg( m.normal );
	return m;
}

// One pass over every pair, in order, each call a direct one.
static float pass( const Case* c, int* hits )
{
	float acc = 0.0f;
	int h = 0;
	switch ( c->func )
	{
		case CIRCLE_CIRCLE:
			MANIFOLD( b2CollideCircles( &q->a.circle, q->xfA, &q->b.circle, q->xfB ) );
			break;
		case CAPSULE_CIRCLE:
			MANIFOLD( b2CollideCapsuleAndCircle( &q->a.capsule, q->xfA, &q->b.circle, q->xfB ) );
			break;
		case POLYGON_CIRCLE:
			MANIFOLD( b2CollidePolygonAndCircle( &q->a.polygon, q->xfA, &q->b.circle, q->xfB ) );
			break;
		case CAPSULE_CAPSULE:
			MANIFOLD( b2CollideCapsules( &q->a.capsule, q->xfA, &q->b.capsule, q->xfB ) );
			break;
		case POLYGON_POLYGON:
			MANIFOLD( b2CollidePolygons( &q->a.polygon, q->xfA, &q->b.polygon, q->xfB ) );
			break;
		case CAPSULE_POLYGON:
			MANIFOLD( capsuleAndPolygon( q ) );
			break;
		default:
			break;
	}
	*hits = h;
	return acc;
}

static b2Manifold manifoldOf( const Case* c, const Pair* q )
{
	switch ( c->func )
	{
		case CIRCLE_CIRCLE:
			return b2CollideCircles( &q->a.circle, q->xfA, &q->b.circle, q->xfB );
		case CAPSULE_CIRCLE:
			return b2CollideCapsuleAndCircle( &q->a.capsule, q->xfA, &q->b.circle, q->xfB );
		case POLYGON_CIRCLE:
			return b2CollidePolygonAndCircle( &q->a.polygon, q->xfA, &q->b.circle, q->xfB );
		case CAPSULE_CAPSULE:
			return b2CollideCapsules( &q->a.capsule, q->xfA, &q->b.capsule, q->xfB );
		case POLYGON_POLYGON:
			return b2CollidePolygons( &q->a.polygon, q->xfA, &q->b.polygon, q->xfB );
		default:
			return capsuleAndPolygon( q );
	}
}

// Box2D's manifold for every pair, to compare with core's (untimed).
static void answers( const Case* c )
{
	printf( "%s\t%d\n", c->group, c->n );
	for ( int i = 0; i < c->n; ++i )
	{
		b2Manifold m = manifoldOf( c, c->pairs + i );
		printf( "%d\t%.9g\t%.9g\t%.9g\n", m.pointCount, (double)m.normal.x, (double)m.normal.y, (double)m.points[0].separation );
	}
}

static float passOf( const void* c, int* hits )
{
	return pass( (const Case*)c, hits );
}

static int loadOf( void* c, const char* file )
{
	load( (Case*)c, file );
	return ( (Case*)c )->n;
}

static void nameOf( const void* c )
{
	printf( "%s\t%s", ( (const Case*)c )->group, FUNC_NAMES[( (const Case*)c )->func] );
}

static void answersOf( const void* c )
{
	answers( (const Case*)c );
}

static void releaseOf( void* c )
{
	free( ( (Case*)c )->pairs );
}

int main( int argc, char** argv )
{
	const BenchHarness h = { sizeof( Case ), loadOf, nameOf, answersOf, passOf, releaseOf };
	return benchMain( argc, argv, &h );
}

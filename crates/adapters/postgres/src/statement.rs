//! Hand-written SQL that each connection prepares once and then runs in one round trip.
//!
//! diesel's `sql_query` marks its statement unsafe to cache (its text may be built at run time), so every call has
//! PostgreSQL parse and plan it again, in a round trip of its own, before running it. A [`Statement`] is fixed text
//! written in this crate, so it is cached by that text like the query builder's statements: on an order, that round
//! trip was one of three, and one of the three transactions PostgreSQL counted.
//!
//! Parameters are written `$1`, `$2`, ... and bound in that order with [`Statement::bind`]. Each placeholder is sent
//! as a parameter of its own (a number used twice binds its value twice), so the text must not hold `$` followed by
//! a digit anywhere else (in a string literal or a dollar-quoted body).

use std::marker::PhantomData;

use diesel::pg::Pg;
use diesel::query_builder::{AstPass, Query, QueryFragment, QueryId};
use diesel::result::QueryResult;
use diesel::serialize::ToSql;
use diesel::sql_types::HasSqlType;

/// A fixed SQL statement with its bound parameters; its rows load by column name (`QueryableByName`), like
/// `sql_query`'s.
#[derive(Debug, Clone)]
#[must_use = "a statement runs only when loaded or executed"]
pub(crate) struct Statement<B = NoParameters> {
    sql: &'static str,
    parameters: B,
}

/// The statement `sql`, before its parameters are bound.
pub(crate) const fn statement(sql: &'static str) -> Statement {
    Statement { sql, parameters: NoParameters }
}

#[derive(Debug, Clone, Copy)]
pub(crate) struct NoParameters;

/// The parameters bound before, and one more of SQL type `ST`.
#[derive(Debug, Clone)]
pub(crate) struct Then<B, V, ST> {
    before: B,
    value: V,
    sql_type: PhantomData<ST>,
}

/// Bound parameters, pushed into a query by their 0-based position.
pub(crate) trait Parameters {
    const COUNT: usize;
    fn push<'b>(&'b self, position: usize, out: &mut AstPass<'_, 'b, Pg>) -> QueryResult<()>;
}

impl Parameters for NoParameters {
    const COUNT: usize = 0;
    fn push<'b>(&'b self, position: usize, _: &mut AstPass<'_, 'b, Pg>) -> QueryResult<()> {
        Err(diesel::result::Error::QueryBuilderError(format!("the statement has no parameter ${}", position + 1).into()))
    }
}

impl<B: Parameters, V: ToSql<ST, Pg>, ST> Parameters for Then<B, V, ST>
where
    Pg: HasSqlType<ST>,
{
    const COUNT: usize = B::COUNT + 1;
    fn push<'b>(&'b self, position: usize, out: &mut AstPass<'_, 'b, Pg>) -> QueryResult<()> {
        if position == B::COUNT { out.push_bind_param::<ST, V>(&self.value) } else { self.before.push(position, out) }
    }
}

impl<B> Statement<B> {
    /// Binds the next parameter as SQL type `ST`.
    pub(crate) fn bind<ST, V>(self, value: V) -> Statement<Then<B, V, ST>> {
        Statement { sql: self.sql, parameters: Then { before: self.parameters, value, sql_type: PhantomData } }
    }
}

impl<B: Parameters> QueryFragment<Pg> for Statement<B> {
    fn walk_ast<'b>(&'b self, mut out: AstPass<'_, 'b, Pg>) -> QueryResult<()> {
        let mut rest = self.sql;
        while let Some(at) = placeholder(rest) {
            out.push_sql(&rest[..at]);
            let digits = rest[at + 1..].bytes().take_while(u8::is_ascii_digit).count();
            let number: usize = rest[at + 1..at + 1 + digits].parse().map_err(|_| bad_placeholder(self.sql))?;
            let position = number.checked_sub(1).filter(|p| *p < B::COUNT).ok_or_else(|| bad_placeholder(self.sql))?;
            self.parameters.push(position, &mut out)?;
            rest = &rest[at + 1 + digits..];
        }
        out.push_sql(rest);
        Ok(())
    }
}

/// Where the next `$<digit>` starts.
fn placeholder(sql: &str) -> Option<usize> {
    sql.as_bytes().windows(2).position(|pair| pair[0] == b'$' && pair[1].is_ascii_digit())
}

fn bad_placeholder(sql: &str) -> diesel::result::Error {
    diesel::result::Error::QueryBuilderError(format!("a placeholder without a bound parameter in: {sql}").into())
}

/// No static id: the statement cache keys it by its text and parameter types.
impl<B> QueryId for Statement<B> {
    type QueryId = ();
    const HAS_STATIC_QUERY_ID: bool = false;
}

impl<B> Query for Statement<B> {
    type SqlType = diesel::sql_types::Untyped;
}

#[cfg(test)]
mod tests {
    use diesel::debug_query;
    use diesel::sql_types::{BigInt, Text};

    use super::*;

    #[test]
    fn placeholders_become_parameters_in_the_order_they_are_written() {
        let query = statement("SELECT * FROM f($1, $2) WHERE a = $1 AND b <> '$' LIMIT $2").bind::<Text, _>("x").bind::<BigInt, _>(3_i64);
        assert_eq!(
            debug_query::<Pg, _>(&query).to_string(),
            r#"SELECT * FROM f($1, $2) WHERE a = $3 AND b <> '$' LIMIT $4 -- binds: ["x", 3, "x", 3]"#
        );
    }

    #[test]
    fn a_placeholder_without_a_parameter_is_refused_before_anything_is_sent() {
        let query = statement("SELECT $1, $2").bind::<Text, _>("x");
        let built = QueryFragment::<Pg>::to_sql(&query, &mut diesel::pg::PgQueryBuilder::default(), &Pg);
        assert!(built.is_err(), "$2 has no parameter");
    }
}

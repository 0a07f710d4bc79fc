// Every route declares who may call it in its Fastify options, `config: { access }` (service-kit
// route-policies.ts; docs/decisions.md, Route policies): the policy plugin reads it before the body.
const ROUTE_METHODS = new Set(['get', 'post', 'put', 'patch', 'delete', 'head', 'options', 'all']);
const isFunction = (node) => node?.type === 'ArrowFunctionExpression' || node?.type === 'FunctionExpression';
const keyName = (property) =>
  property.type === 'Property' && !property.computed ? (property.key.type === 'Identifier' ? property.key.name : property.key.value) : undefined;
const propertyOf = (object, name) => object.properties.find((property) => keyName(property) === name);

/** Whether a route's options object literal says `config: { access: … }`. */
function declaresAccess(options) {
  if (options?.type !== 'ObjectExpression') return false;
  const config = propertyOf(options, 'config');
  return config?.value.type === 'ObjectExpression' && propertyOf(config.value, 'access') !== undefined;
}

/** The options of a route registration, or undefined when the call registers no route. */
function routeOptions(call) {
  const { callee, arguments: args } = call;
  if (callee.type !== 'MemberExpression' || callee.computed || callee.property.type !== 'Identifier') return undefined;
  const method = callee.property.name;
  // app.route({ method, url, handler, config })
  if (method === 'route') {
    const [options] = args;
    return options?.type === 'ObjectExpression' && propertyOf(options, 'url') && propertyOf(options, 'handler') ? { options } : undefined;
  }
  if (!ROUTE_METHODS.has(method) || args.length < 2) return undefined;
  // app.get(path, handler), app.get(path, options, handler), app.get(path, { handler, … }); a Map's get(key) has no handler.
  if (args.length === 2 && isFunction(args[1])) return { options: null };
  if (args.length === 2 && args[1].type === 'ObjectExpression' && propertyOf(args[1], 'handler')) return { options: args[1] };
  if (args.length === 3 && isFunction(args[2])) return { options: args[1] };
  return undefined;
}

export default {
  meta: {
    type: 'problem',
    docs: { description: 'A route registration declares its access in `config: { access }`.' },
    schema: [],
    messages: {
      missing:
        "This route declares no access: add `config: { access: 'public' | 'member' | 'admin' | 'auditor' }` to its options (service-kit/src/route-policies.ts).",
    },
  },
  create(context) {
    return {
      CallExpression(node) {
        const route = routeOptions(node);
        if (route && !declaresAccess(route.options)) context.report({ node: route.options ?? node, messageId: 'missing' });
      },
    };
  },
};

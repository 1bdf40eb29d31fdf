// The saved replies' variables on their own: which `{…}` count as variables, which are unknown, and
// how a reply is filled in when some values are missing.
import t from 'tap';
import { fillVariables, unknownVariables } from '../../plugins/saved-replies/variables.js';

const VALUES = { 'visitor.name': 'Zoë', 'visitor.email': null, 'chatbot.name': 'Acme Help', 'agent.name': '' };

t.test('unknown variables: each once, in order; any letter case counts; other braces are text', async (t) => {
  t.same(unknownVariables('Hi {visitor.name}'), []);
  t.same(unknownVariables('{order.id} {visitor.phone} {order.id}'), ['order.id', 'visitor.phone']);
  t.same(unknownVariables('Dear {Visitor.Name}'), ['Visitor.Name'], 'not silently sent as text');
  t.same(unknownVariables('{ "a": 1 } {name} {a.b.c} {visitor.name }'), [], 'JSON, a single word, three parts and spaces are text');
});

t.test('filling in: values in place, a missing or empty one empty and named once', async (t) => {
  t.same(fillVariables('Hi {visitor.name} of {chatbot.name}', VALUES), { text: 'Hi Zoë of Acme Help', missing: [] });
  t.same(fillVariables('{agent.name}: {visitor.email} / {visitor.email}', VALUES), { text: ':  / ', missing: ['agent.name', 'visitor.email'] });
  t.same(fillVariables('{a.b} stays', VALUES), { text: '{a.b} stays', missing: [] }, 'an unknown variable (stored before a rule changed) is left as written');
  t.same(fillVariables('Price: {visitor.name}$&', VALUES).text, 'Price: Zoë$&', 'replacement patterns in the text are not interpreted');
  t.same(fillVariables('x', { ...VALUES, 'visitor.name': '$& $1' }).text, 'x');
  t.same(fillVariables('{visitor.name}', { ...VALUES, 'visitor.name': '$& $1' }).text, '$& $1', 'nor in a value');
});

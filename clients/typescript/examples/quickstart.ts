import { ChatbotPlatform, NotFoundError } from '@chatbot-platform/client';

// The key and the server's address come from CHATBOT_PLATFORM_API_KEY and CHATBOT_PLATFORM_BASE_URL.
const client = new ChatbotPlatform();

const chatbot = await client.chatbots.create({ name: 'Support' });
let item = await client.knowledge.create(chatbot.id, {
  type: 'qa',
  question: 'When are you open?',
  answer: 'Monday to Friday, 9:00 to 17:00.',
});
while (item.status !== 'ready') {
  await new Promise((resolve) => setTimeout(resolve, 200));
  item = await client.knowledge.get(chatbot.id, item.id);
}

const conversation = await client.conversations.create(chatbot.id, { visitor: { name: 'Ada' } });
const turn = await client.conversations.send(chatbot.id, conversation.id, { content: 'When are you open?' });
console.log(turn.reply?.content);

// The same question again, the answer written as it comes.
for await (const event of client.conversations.stream(chatbot.id, conversation.id, { content: 'When are you open?' })) {
  if (event.type === 'delta') process.stdout.write(event.content);
}
process.stdout.write('\n');

// Every conversation of the chatbot, page after page.
for await (const listed of client.conversations.list(chatbot.id, { limit: 50 })) console.log(listed.id, listed.message_count);

try {
  await client.chatbots.get('cb_00000000000000000000000000');
} catch (error) {
  if (error instanceof NotFoundError) console.log(error.code, error.requestId);
}

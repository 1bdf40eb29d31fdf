import time

from chatbot_platform import ChatbotPlatform, DeltaEvent, NotFoundError

# The key and the server's address come from CHATBOT_PLATFORM_API_KEY and CHATBOT_PLATFORM_BASE_URL.
with ChatbotPlatform() as client:
    bot = client.chatbots.create(name="Shop")
    item = client.knowledge.create(bot.id, type="qa", question="How long does delivery take?", answer="2 to 3 working days.")
    while item.status != "ready":
        time.sleep(0.2)
        item = client.knowledge.get(bot.id, item.id)

    conversation = client.conversations.create(bot.id)
    turn = client.conversations.send(bot.id, conversation.id, content="How long does delivery take?")
    print(turn.reply.content if turn.reply else "(no reply: a person has the conversation)")

    # The same question again, the answer written as it comes.
    for event in client.conversations.stream(bot.id, conversation.id, content="How long does delivery take?"):
        if isinstance(event, DeltaEvent):
            print(event.content, end="")
    print()

    for lead in client.leads.list(chatbot_id=bot.id):
        print(lead.email)

    try:
        client.chatbots.get("cb_00000000000000000000000000")
    except NotFoundError as error:
        print(error.code, error.request_id)

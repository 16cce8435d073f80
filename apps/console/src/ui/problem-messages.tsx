import { createContext, useContext, type ReactNode } from 'react';
import { ApiProblem, problemOf } from '../api/problem';
import { messageFor, messageForStatus } from '../api/problem-messages';

type Messages = Readonly<Record<string, string>>;

const ServiceMessages = createContext<Messages>({});

/** The service's own code → message table (src/<service>/problem-messages.ts) for everything below. */
export function ProblemMessagesProvider({ messages, children }: { messages: Messages; children: ReactNode }) {
  return <ServiceMessages.Provider value={messages}>{children}</ServiceMessages.Provider>;
}

/** What went wrong, as an operator reads it: Korean for the code, and the code and request id for support. */
export interface ProblemText {
  message: string;
  code?: string;
  requestId?: string;
}

/**
 * Says anything thrown in Korean: an API refusal by its code (the service's table, then the
 * platform's, then by status), a failed fetch as no connection, and the console's own errors (which
 * are written in Korean) as they are. Never the API's English `detail`.
 */
export function useProblemText(): (error: unknown) => ProblemText {
  const service = useContext(ServiceMessages);
  return (error) => {
    if (error instanceof ApiProblem) {
      const { code, status, requestId } = error.problem;
      return { message: messageFor(code, status, service), code, requestId };
    }
    // fetch rejects with a TypeError when no answer came (network, server down).
    if (error instanceof TypeError) return { message: messageForStatus(0) };
    return { message: problemOf(error).detail ?? String(error) };
  };
}

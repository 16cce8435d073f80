import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Put, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AddUserDto, ListUsersQueryDto, UpdateUserDto, UserDto, UserListDto, UserRole } from '#contracts';
import { ApiProblems, NoStore, RecordsAccess, uuidParam } from '#platform';
import { plannerSubject } from '../common/access-subjects.js';
import { BearerAuth, CurrentUser, UserRoles } from '../auth/auth.decorators.js';
import type { UserPrincipal } from '../auth/principal.js';
import { UsersService } from './users.service.js';

@ApiTags('users')
@BearerAuth()
@UserRoles(UserRole.OrgAdmin)
@Controller('api/v1/users')
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @Put()
  @RecordsAccess({ action: 'input', subjects: ({ response }) => [plannerSubject((response as UserDto).id)] })
  @NoStore()
  @HttpCode(201)
  @ApiOperation({
    summary: 'Add a user to your organisation (ORG_ADMIN)',
    description: 'The user can then sign in by SSO with the same fcUserCi. A fcUserCi already in your organisation is 409.',
  })
  @ApiCreatedResponse({ type: UserDto })
  @ApiProblems(409)
  add(@CurrentUser() admin: UserPrincipal, @Body() body: AddUserDto): Promise<UserDto> {
    return this.users.add(admin, body);
  }

  @Get()
  @RecordsAccess({ action: 'view', subjects: ({ response }) => (response as UserListDto).data.map((user) => plannerSubject(user.id)) })
  @NoStore()
  @ApiOperation({ summary: 'List the users of your organisation (ORG_ADMIN), by name' })
  @ApiOkResponse({ type: UserListDto })
  list(@CurrentUser() admin: UserPrincipal, @Query() query: ListUsersQueryDto): Promise<UserListDto> {
    return this.users.list(admin, query);
  }

  @Get('me')
  @RecordsAccess({ action: 'view', subjects: ({ response }) => [plannerSubject((response as UserDto).id)] })
  @NoStore()
  @UserRoles(UserRole.Planner, UserRole.OrgAdmin)
  @ApiOperation({ summary: 'The signed-in user (any role)' })
  @ApiOkResponse({ type: UserDto })
  me(@CurrentUser() user: UserPrincipal): Promise<UserDto> {
    return this.users.me(user);
  }

  @Patch(':id')
  @RecordsAccess({ action: 'change', subjects: ({ params }) => [plannerSubject(params.id)] })
  @NoStore()
  @ApiOperation({
    summary: 'Change a user of your organisation (ORG_ADMIN)',
    description: 'DISABLED stops the user signing in and their tokens at once. You cannot disable or demote yourself (409).',
  })
  @ApiOkResponse({ type: UserDto })
  @ApiProblems(404, 409)
  update(@CurrentUser() admin: UserPrincipal, @Param('id', uuidParam('id')) id: string, @Body() body: UpdateUserDto): Promise<UserDto> {
    return this.users.update(admin, id, body);
  }

  @Delete(':id')
  @RecordsAccess({ action: 'delete', subjects: ({ params }) => [plannerSubject(params.id)] })
  @HttpCode(204)
  @ApiOperation({
    summary: 'Delete a user of your organisation (ORG_ADMIN)',
    description:
      'Their tokens stop working at once. Signing in by SSO again creates a new user: to keep someone out, disable them instead. You cannot delete yourself (409).',
  })
  @ApiNoContentResponse()
  @ApiProblems(404, 409)
  async remove(@CurrentUser() admin: UserPrincipal, @Param('id', uuidParam('id')) id: string): Promise<void> {
    await this.users.remove(admin, id);
  }
}
